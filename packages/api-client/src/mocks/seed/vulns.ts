import type { components } from "../../generated/schema.ts";

type Severity = components["schemas"]["Severity"];
type Protocol = components["schemas"]["Protocol"];

/**
 * The text of a finding. Findings in the db point at one of these by index, so the stored (and
 * persisted) state stays small while every finding still carries full, realistic detail.
 */
export interface VulnTemplate {
  name: string;
  severity: Severity;
  description: string;
  summary: string | null;
  mitigation: string | null;
  impact: string | null;
  insight: string | null;
  affected: string | null;
  cvss2: string | null;
  cvss2_score: number | null;
  cvss3: string | null;
  cvss3_score: number | null;
  cwe: string | null;
  cve: string | null;
  references: string[];
  qod: number | null;
  port: number | "general" | null;
  protocol: Protocol | null;
}

export interface CodeVulnTemplate extends VulnTemplate {
  sourcecode_finding_type: "SAST" | "SECRET" | "DEPENDENCY";
  component: string;
  line: number;
  evidence: string;
  code_snippets: string[];
  rule_examples: string[];
}

const nvd = (cve: string) => `https://nvd.example.org/vuln/detail/${cve}`;
const cweRef = (cwe: string) => `https://cwe.example.org/data/definitions/${cwe.replace("CWE-", "")}.html`;

function v(t: Partial<VulnTemplate> & Pick<VulnTemplate, "name" | "severity" | "description">): VulnTemplate {
  return {
    summary: null,
    mitigation: null,
    impact: null,
    insight: null,
    affected: null,
    cvss2: null,
    cvss2_score: null,
    cvss3: null,
    cvss3_score: null,
    cwe: null,
    cve: null,
    references: [],
    qod: 80,
    port: null,
    protocol: null,
    ...t,
  };
}

export const NETWORK_VULNS: readonly VulnTemplate[] = [
  v({
    name: "Apache Log4j Remote Code Execution (Log4Shell)",
    severity: "HIGH",
    description:
      "The remote service uses a version of Apache Log4j 2 that evaluates JNDI lookups in logged data. An unauthenticated attacker can make the service load and run code from a server they control.",
    summary: "Apache Log4j 2.0-beta9 through 2.15.0 allows remote code execution through JNDI lookups.",
    mitigation: "Upgrade Log4j to 2.17.1 or later. Until then, remove the JndiLookup class from the classpath.",
    impact: "Full compromise of the host running the affected service.",
    insight: "Message lookup substitution is enabled by default in the affected versions.",
    affected: "Apache Log4j 2.0-beta9 – 2.15.0",
    cvss2: "AV:N/AC:M/Au:N/C:C/I:C/A:C",
    cvss2_score: 9.3,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    cvss3_score: 10,
    cwe: "CWE-502",
    cve: "CVE-2021-44228",
    references: [nvd("CVE-2021-44228"), "https://logging.example.org/log4j/2.x/security.html"],
    qod: 95,
    port: 8080,
    protocol: "tcp",
  }),
  v({
    name: "OpenSSH ssh-agent Remote Code Execution",
    severity: "HIGH",
    description:
      "The OpenSSH server is older than 9.3p2. Its ssh-agent PKCS#11 support can load attacker-chosen libraries when an agent is forwarded to a compromised host.",
    summary: "OpenSSH before 9.3p2 ssh-agent forwarding remote code execution.",
    mitigation: "Upgrade OpenSSH to 9.3p2 or later and avoid agent forwarding to untrusted hosts.",
    impact: "Code execution in the context of the user running ssh-agent.",
    affected: "OpenSSH < 9.3p2",
    cvss2: "AV:N/AC:L/Au:N/C:C/I:C/A:C",
    cvss2_score: 10,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    cvss3_score: 9.8,
    cwe: "CWE-428",
    cve: "CVE-2023-38408",
    references: [nvd("CVE-2023-38408"), "https://www.openssh.example.org/txt/release-9.3p2"],
    qod: 80,
    port: 22,
    protocol: "tcp",
  }),
  v({
    name: "Microsoft Remote Desktop Services Remote Code Execution (BlueKeep)",
    severity: "HIGH",
    description:
      "Remote Desktop Services on the host accepts specially crafted connection requests before authentication, allowing remote code execution.",
    mitigation: "Install the vendor security update and enable Network Level Authentication.",
    impact: "Wormable remote code execution as SYSTEM.",
    affected: "Windows 7, Windows Server 2008 R2 and earlier",
    cvss2: "AV:N/AC:L/Au:N/C:C/I:C/A:C",
    cvss2_score: 10,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    cvss3_score: 9.8,
    cwe: "CWE-416",
    cve: "CVE-2019-0708",
    references: [nvd("CVE-2019-0708")],
    qod: 97,
    port: 3389,
    protocol: "tcp",
  }),
  v({
    name: "SNMP Agent Default Community Name (public)",
    severity: "HIGH",
    description: "The SNMP agent answers requests that use the default community name 'public'.",
    mitigation: "Disable SNMP if unused, or change the community string and restrict access by source address.",
    impact: "Disclosure of device configuration; with write access, reconfiguration of the device.",
    cvss2: "AV:N/AC:L/Au:N/C:P/I:P/A:P",
    cvss2_score: 7.5,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    cvss3_score: 7.5,
    cwe: "CWE-798",
    cve: "CVE-1999-0517",
    references: [nvd("CVE-1999-0517")],
    qod: 99,
    port: 161,
    protocol: "udp",
  }),
  v({
    name: "HTTP/2 Rapid Reset Denial of Service",
    severity: "HIGH",
    description:
      "The web server implements HTTP/2 and is affected by the rapid reset attack: a client can open and cancel streams quickly to exhaust server resources.",
    mitigation: "Apply the vendor patch or limit the number of concurrent streams per connection.",
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
    cvss3_score: 7.5,
    cwe: "CWE-400",
    cve: "CVE-2023-44487",
    references: [nvd("CVE-2023-44487")],
    port: 443,
    protocol: "tcp",
  }),
  v({
    name: "Service banner discloses product and version",
    severity: "MEDIUM",
    description: "The management service on 8443 answers with its product name, exact version and build date.",
    summary: "Banner reveals Apache Tomcat/9.0.31 (build 2020-02-05)",
    mitigation: "Configure the service to return a neutral banner.",
    insight: "Version strings let an attacker match the service against published exploits without probing it.",
    cwe: "CWE-200",
    references: ["https://advisories.example.com/banner-injection"],
    qod: 70,
    port: 8443,
    protocol: "tcp",
  }),
  v({
    name: "TLS Version 1.0 Protocol Detection",
    severity: "MEDIUM",
    description: "The service accepts connections encrypted with TLS 1.0, which has known cryptographic weaknesses.",
    mitigation: "Enable TLS 1.2 and 1.3 only.",
    impact: "An attacker in a privileged network position may decrypt or alter traffic.",
    cvss2: "AV:N/AC:M/Au:N/C:P/I:P/A:N",
    cvss2_score: 5.8,
    cvss3: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N",
    cvss3_score: 5.9,
    cwe: "CWE-326",
    references: [cweRef("CWE-326"), "https://datatracker.example.org/doc/rfc8996/"],
    qod: 98,
    port: 443,
    protocol: "tcp",
  }),
  v({
    name: "SSL Certificate Expired",
    severity: "MEDIUM",
    description: "The X.509 certificate presented by the service has expired.",
    mitigation: "Renew the certificate and configure automatic renewal.",
    cvss2: "AV:N/AC:L/Au:N/C:N/I:P/A:N",
    cvss2_score: 5,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N",
    cvss3_score: 5.3,
    cwe: "CWE-298",
    references: [cweRef("CWE-298")],
    qod: 99,
    port: 443,
    protocol: "tcp",
  }),
  v({
    name: "SMB Signing Not Required",
    severity: "MEDIUM",
    description: "Signing is not required on the SMB server, so a man-in-the-middle can relay or alter SMB traffic.",
    mitigation: "Enforce message signing in the server's policy.",
    cvss2: "AV:N/AC:H/Au:N/C:N/I:P/A:N",
    cvss2_score: 2.6,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N",
    cvss3_score: 5.3,
    cwe: "CWE-287",
    references: ["https://learn.example.com/smb/overview-server-message-block-signing"],
    port: 445,
    protocol: "tcp",
  }),
  v({
    name: "DNS Server Cache Snooping",
    severity: "MEDIUM",
    description: "The DNS server answers non-recursive queries for third-party domains from its cache.",
    mitigation: "Restrict recursion and cache access to internal clients.",
    cvss2: "AV:N/AC:L/Au:N/C:P/I:N/A:N",
    cvss2_score: 5,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    cvss3_score: 5.3,
    cwe: "CWE-200",
    references: ["https://dns.example.org/papers/cache-snooping.pdf"],
    port: 53,
    protocol: "udp",
  }),
  v({
    name: "SSH Weak Key Exchange Algorithms Enabled",
    severity: "LOW",
    description: "The SSH server offers key exchange algorithms that are considered weak (diffie-hellman-group1-sha1).",
    mitigation: "Remove the weak algorithms from the server's KexAlgorithms setting.",
    cvss3: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    cvss3_score: 3.7,
    cwe: "CWE-327",
    references: ["https://datatracker.example.org/doc/rfc9142/"],
    port: 22,
    protocol: "tcp",
  }),
  v({
    name: "ICMP Timestamp Request Remote Date Disclosure",
    severity: "LOW",
    description: "The host answers ICMP timestamp requests, which reveals its clock.",
    mitigation: "Filter ICMP timestamp requests (13) and replies (14).",
    cvss2: "AV:L/AC:L/Au:N/C:N/I:N/A:N",
    cvss2_score: 0,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    cvss3_score: 2.1,
    cwe: "CWE-200",
    cve: "CVE-1999-0524",
    references: [nvd("CVE-1999-0524")],
    port: "general",
    protocol: "icmp",
  }),
  v({
    name: "HTTP TRACE Method Enabled",
    severity: "LOW",
    description: "The web server supports the TRACE method, which can be abused for cross-site tracing.",
    mitigation: "Disable the TRACE method.",
    cvss2: "AV:N/AC:M/Au:N/C:P/I:N/A:N",
    cvss2_score: 4.3,
    cwe: "CWE-693",
    cve: "CVE-2003-1567",
    references: [nvd("CVE-2003-1567")],
    port: 80,
    protocol: "tcp",
  }),
  v({
    name: "Open Ports and Services Detected",
    severity: "INFO",
    description: "The scanner enumerated the services listening on the host.",
    insight: "Shown for completeness; review whether each service must be reachable.",
    qod: 100,
    port: "general",
    protocol: "tcp",
  }),
  v({
    name: "TLS Certificate Information",
    severity: "INFO",
    description: "Details of the certificate chain presented by the service.",
    qod: 100,
    port: 443,
    protocol: "tcp",
  }),
  v({
    name: "OS Detection Consolidation and Reporting",
    severity: "LOG",
    description: "Best matching operating system: Debian GNU/Linux 12 (confidence 90%).",
    qod: 80,
    port: "general",
    protocol: "tcp",
  }),
  v({
    name: "Traceroute Information",
    severity: "LOG",
    description: "Network route from the scanner to the target: 4 hops.",
    qod: 80,
    port: "general",
    protocol: "icmp",
  }),
  v({
    name: "SIP service answers unauthenticated OPTIONS requests",
    severity: "LOW",
    description: "The SIP service on 5060/udp answers OPTIONS requests from any address and names its software.",
    mitigation: "Restrict SIP to the trunk provider's addresses and hide the User-Agent header.",
    qod: 60,
    port: 5060,
    protocol: "udp",
  }),
];

export const WEB_VULNS: readonly VulnTemplate[] = [
  v({
    name: "SQL Injection",
    severity: "HIGH",
    description:
      "The `id` parameter of /api/orders is concatenated into a SQL query; a crafted value changes the query.",
    mitigation: "Use parameterised queries for every database access.",
    impact: "Read and modify any data in the application database.",
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    cvss3_score: 9.8,
    cwe: "CWE-89",
    references: [cweRef("CWE-89"), "https://owasp.example.org/Top10/A03_2021-Injection/"],
    qod: 95,
  }),
  v({
    name: "Reflected Cross-Site Scripting",
    severity: "HIGH",
    description:
      "The search page echoes the q parameter without encoding. Proof: /search?q=%3Cscript%3Ealert(1)%3C/script%3E",
    mitigation: "Encode output for the HTML context and set a strict Content-Security-Policy.",
    impact: "Session theft and actions on behalf of a signed-in user.",
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N",
    cvss3_score: 6.1,
    cwe: "CWE-79",
    references: [cweRef("CWE-79"), "https://owasp.example.org/www-community/attacks/xss/"],
  }),
  v({
    name: "Outdated jQuery Library",
    severity: "MEDIUM",
    description: "The page loads jQuery 3.4.1, which is affected by cross-site scripting in htmlPrefilter.",
    mitigation: "Upgrade jQuery to 3.5.0 or later.",
    affected: "jQuery < 3.5.0",
    cvss3: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:C/C:L/I:L/A:N",
    cvss3_score: 6.1,
    cwe: "CWE-79",
    cve: "CVE-2020-11022",
    references: [nvd("CVE-2020-11022")],
  }),
  v({
    name: "Missing Anti-CSRF Tokens",
    severity: "MEDIUM",
    description: "State-changing forms do not carry an anti-CSRF token.",
    mitigation: "Add a per-session token to every state-changing request and verify it server-side.",
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:H/A:N",
    cvss3_score: 6.5,
    cwe: "CWE-352",
    references: [cweRef("CWE-352")],
  }),
  v({
    name: "Open Redirect",
    severity: "MEDIUM",
    description: "The next parameter of /login redirects to any absolute URL.",
    mitigation: "Only allow relative paths or an allow-list of hosts.",
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N",
    cvss3_score: 6.1,
    cwe: "CWE-601",
    references: [cweRef("CWE-601")],
  }),
  v({
    name: "Strict-Transport-Security Header Missing",
    severity: "LOW",
    description: "Responses over HTTPS do not set Strict-Transport-Security.",
    mitigation: "Send Strict-Transport-Security: max-age=31536000; includeSubDomains.",
    cwe: "CWE-319",
    references: ["https://developer.example.org/docs/Web/HTTP/Headers/Strict-Transport-Security"],
  }),
  v({
    name: "Cookie Without Secure Flag",
    severity: "LOW",
    description: "The session cookie is set without the Secure attribute.",
    mitigation: "Set Secure, HttpOnly and SameSite on session cookies.",
    cwe: "CWE-614",
    references: [cweRef("CWE-614")],
  }),
  v({
    name: "Clickjacking: X-Frame-Options Not Set",
    severity: "LOW",
    description: "Pages can be framed by other sites.",
    mitigation: "Send frame-ancestors 'self' in the Content-Security-Policy.",
    cwe: "CWE-1021",
    references: [cweRef("CWE-1021")],
  }),
  v({
    name: "Server Version Disclosure",
    severity: "INFO",
    description: "The Server header reveals the web server and version: nginx/1.18.0.",
    qod: 100,
  }),
  v({
    name: "Stored Cross-Site Scripting in profile field",
    severity: "HIGH",
    description: "The company name field of the profile page stores markup and serves it unencoded to other users.",
    mitigation: "Encode output and validate input length.",
    cwe: "CWE-79",
    references: ["https://owasp.example.org/www-community/attacks/xss/"],
  }),
  v({
    name: "Crawler Statistics",
    severity: "LOG",
    description: "The crawler visited 184 pages and 37 forms.",
    qod: 100,
  }),
];

function c(
  t: Partial<CodeVulnTemplate> &
    Pick<
      CodeVulnTemplate,
      | "name"
      | "severity"
      | "description"
      | "sourcecode_finding_type"
      | "component"
      | "line"
      | "evidence"
      | "code_snippets"
    >,
): CodeVulnTemplate {
  return { ...v(t), rule_examples: [], ...t } as CodeVulnTemplate;
}

export const CODE_VULNS: readonly CodeVulnTemplate[] = [
  c({
    name: "SQL query built from user input",
    severity: "HIGH",
    description: "A SQL statement is built with string formatting from request data.",
    mitigation: "Pass values as query parameters instead of formatting them into the SQL text.",
    cwe: "CWE-89",
    references: [cweRef("CWE-89")],
    sourcecode_finding_type: "SAST",
    component: "app/orders/repository.py",
    line: 42,
    evidence: 'cursor.execute(f"SELECT * FROM orders WHERE id = {order_id}")',
    code_snippets: [
      "40 | def find_order(order_id):",
      "41 |     cursor = connection.cursor()",
      '42 |     cursor.execute(f"SELECT * FROM orders WHERE id = {order_id}")',
      "43 |     return cursor.fetchone()",
    ],
    rule_examples: ['cursor.execute("SELECT * FROM orders WHERE id = %s", [order_id])'],
  }),
  c({
    name: "Hard-coded cloud access key",
    severity: "HIGH",
    description: "A cloud access key is committed to the repository.",
    mitigation: "Revoke the key, remove it from history and load credentials from the environment.",
    cwe: "CWE-798",
    references: [cweRef("CWE-798")],
    sourcecode_finding_type: "SECRET",
    component: "config/settings.py",
    line: 17,
    evidence: 'AWS_ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"',
    code_snippets: [
      "16 | # storage",
      '17 | AWS_ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"',
      "18 | AWS_REGION = 'eu-west-1'",
    ],
  }),
  c({
    name: "OS command built from request data",
    severity: "HIGH",
    description: "User input reaches a shell command.",
    mitigation: "Call the program with an argument list and without a shell.",
    cwe: "CWE-78",
    references: [cweRef("CWE-78")],
    sourcecode_finding_type: "SAST",
    component: "src/jobs/export.ts",
    line: 88,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the finding quotes JavaScript source literally.
    evidence: "exec(`tar czf /tmp/${req.query.name}.tgz ./exports`)",
    code_snippets: [
      "87 | router.get('/export', (req, res) => {",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the finding quotes JavaScript source literally.
      "88 |   exec(`tar czf /tmp/${req.query.name}.tgz ./exports`);",
      "89 | });",
    ],
    rule_examples: ["execFile('tar', ['czf', target, './exports'])"],
  }),
  c({
    name: "Vulnerable dependency: lodash command injection",
    severity: "HIGH",
    description: "lodash 4.17.20 is affected by command injection through the template function.",
    mitigation: "Upgrade lodash to 4.17.21.",
    affected: "lodash < 4.17.21",
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H",
    cvss3_score: 7.2,
    cwe: "CWE-94",
    cve: "CVE-2021-23337",
    references: [nvd("CVE-2021-23337")],
    sourcecode_finding_type: "DEPENDENCY",
    component: "package-lock.json",
    line: 1204,
    evidence: '"lodash": "4.17.20"',
    code_snippets: ['1203 | "node_modules/lodash": {', '1204 |   "version": "4.17.20",'],
  }),
  c({
    name: "Path traversal in file download",
    severity: "MEDIUM",
    description: "A file name from the request is joined to the storage directory without normalisation.",
    mitigation: "Resolve the path and check it stays inside the storage directory.",
    cwe: "CWE-22",
    references: [cweRef("CWE-22")],
    sourcecode_finding_type: "SAST",
    component: "src/main/java/com/example/files/DownloadController.java",
    line: 57,
    evidence: 'Path file = storageRoot.resolve(request.getParameter("name"));',
    code_snippets: [
      '56 |     String name = request.getParameter("name");',
      '57 |     Path file = storageRoot.resolve(request.getParameter("name"));',
      "58 |     return Files.readAllBytes(file);",
    ],
  }),
  c({
    name: "Weak hash algorithm (MD5) for passwords",
    severity: "MEDIUM",
    description: "Passwords are hashed with unsalted MD5.",
    mitigation: "Use a password hashing function such as Argon2id or bcrypt.",
    cwe: "CWE-916",
    references: [cweRef("CWE-916")],
    sourcecode_finding_type: "SAST",
    component: "internal/auth/hash.go",
    line: 23,
    evidence: "sum := md5.Sum([]byte(password))",
    code_snippets: ["22 | func Hash(password string) string {", "23 |     sum := md5.Sum([]byte(password))"],
  }),
  c({
    name: "Template renders unescaped value",
    severity: "MEDIUM",
    description: "A template marks request data as safe, so the display name is rendered without escaping.",
    mitigation: "Remove the |safe filter and let the template engine escape the value.",
    cwe: "CWE-79",
    references: [cweRef("CWE-79")],
    sourcecode_finding_type: "SAST",
    component: "templates/profile.html",
    line: 12,
    evidence: "{{ display_name|safe }}",
    code_snippets: ["11 | <section>", "12 |   <h1>{{ display_name|safe }}</h1>", "13 | </section>"],
  }),
  c({
    name: "Regular expression vulnerable to catastrophic backtracking",
    severity: "LOW",
    description: "The e-mail validation pattern can take exponential time on crafted input.",
    mitigation: "Use a linear-time pattern or limit the input length.",
    cwe: "CWE-1333",
    references: [cweRef("CWE-1333")],
    sourcecode_finding_type: "SAST",
    component: "src/validation/email.ts",
    line: 5,
    evidence: "const EMAIL = /^([a-zA-Z0-9]+)*@example\\.com$/;",
    code_snippets: ["5 | const EMAIL = /^([a-zA-Z0-9]+)*@example\\.com$/;"],
  }),
  c({
    name: "Debug mode enabled in configuration",
    severity: "LOW",
    description: "DEBUG is true in the production settings module.",
    mitigation: "Read DEBUG from the environment and default it to false.",
    cwe: "CWE-489",
    references: [cweRef("CWE-489")],
    sourcecode_finding_type: "SAST",
    component: "config/settings/production.py",
    line: 3,
    evidence: "DEBUG = True",
    code_snippets: ["3 | DEBUG = True"],
  }),
  c({
    name: "TODO comment mentions credentials",
    severity: "INFO",
    description: "A comment suggests credentials are still to be rotated.",
    sourcecode_finding_type: "SAST",
    component: "scripts/deploy.sh",
    line: 9,
    evidence: "# TODO rotate the deploy password before go-live",
    code_snippets: ["9 | # TODO rotate the deploy password before go-live"],
  }),
  c({
    name: "Generated file committed to the repository",
    severity: "LOG",
    description: "A build artefact is committed next to the source it is generated from.",
    sourcecode_finding_type: "SAST",
    component: "src/generated/ids.ts",
    line: 1,
    evidence: "// Generated by build-ids. Do not edit.",
    code_snippets: ["1 | // Generated by build-ids. Do not edit.", '2 | export const BUILD_ID = "2026.11.3-4f9c2e1";'],
  }),
];

export const THREAT_VULNS: readonly VulnTemplate[] = [
  v({
    name: "Endpoint listed on a spam blocklist",
    severity: "HIGH",
    description: "The address is listed by several blocklist engines for sending spam.",
    mitigation: "Find and stop the source of the mail, then request delisting.",
    references: ["https://check.spamhaus.example.org/lookup"],
    port: "general",
    protocol: "tcp",
  }),
  v({
    name: "Open mail relay",
    severity: "HIGH",
    description: "The SMTP service relays mail for any sender to any recipient.",
    mitigation: "Only relay for authenticated users and local domains.",
    cwe: "CWE-284",
    port: 25,
    protocol: "tcp",
  }),
  v({
    name: "Remote Desktop exposed to the internet",
    severity: "MEDIUM",
    description: "RDP is reachable from the internet.",
    mitigation: "Put RDP behind a VPN or gateway with MFA.",
    port: 3389,
    protocol: "tcp",
  }),
  v({
    name: "Self-signed TLS certificate",
    severity: "MEDIUM",
    description: "The service presents a certificate not issued by a trusted authority.",
    cwe: "CWE-295",
    port: 443,
    protocol: "tcp",
  }),
  v({
    name: "DMARC policy missing",
    severity: "LOW",
    description: "The domain publishes no DMARC record, which eases spoofing.",
    mitigation: "Publish a DMARC record, starting with p=none and moving to p=reject.",
    port: 53,
    protocol: "udp",
  }),
  v({
    name: "Reverse DNS points to a different organisation",
    severity: "LOW",
    description: "The PTR record of the address names a hosting provider rather than the company's own domain.",
    references: [],
    port: "general",
    protocol: "icmp",
  }),
  v({
    name: "Reverse DNS record found",
    severity: "INFO",
    description: "The address has a PTR record.",
    port: "general",
    protocol: "udp",
  }),
  v({
    name: "Reputation lookup details",
    severity: "LOG",
    description: "All engines answered within their time limit.",
    port: "general",
    protocol: "tcp",
  }),
];
