import {
  type ParsedFinding,
  type ParsedItem,
  ReportError,
  type ReportParser,
  type ReportTool,
  type Severity,
} from "../report.ts";
import { cvssFields, makeFinding, makeHost, makeService } from "./finding.ts";
import { toolFingerprint } from "./fingerprint.ts";
import { limits } from "./limits.ts";
import { sniffers } from "./sniff.ts";
import { reportText } from "./textStream.ts";

/**
 * ssh-audit's text report, as `ssh-audit -b -n` writes it (and as it prints by default, colours and
 * padding included). Debian bookworm's ssh-audit 2.5.0 puts only the banner and the algorithm names
 * in its `-j` JSON; its verdicts (`[fail]`, `[warn]`), the CVEs it matches to the version and its
 * recommendations exist only in this text, one fact per line:
 *
 *   (gen) banner: SSH-2.0-OpenSSH_7.2p2 Ubuntu-4ubuntu2.8
 *   (cve) CVE-2016-6515 -- (CVSSv2: 7.8) cause DoS via long password string (crypt CPU consumption)
 *   (kex) diffie-hellman-group1-sha1 -- [fail] using small 1024-bit modulus
 *   (rec) -diffie-hellman-group1-sha1-- kex algorithm to remove
 *
 * One finding per CVE and per algorithm with a `[fail]` or `[warn]` verdict; an algorithm with only
 * `[info]` lines is fine. Identity: the section and algorithm name (or the CVE id), host and port;
 * never the verdict text, which changes between ssh-audit releases.
 */

type Section = "kex" | "key" | "enc" | "mac";

const sectionNames: Record<Section, { noun: string; list: string }> = {
  kex: { noun: "key exchange algorithm", list: "KexAlgorithms" },
  key: { noun: "host-key algorithm", list: "HostKeyAlgorithms" },
  enc: { noun: "cipher", list: "Ciphers" },
  mac: { noun: "MAC algorithm", list: "MACs" },
};

/** How many algorithms, CVEs and notes one target may have: a real server offers a few dozen. */
const MAX_ENTRIES = 2_000;
const MAX_NOTES = 50;

interface Algorithm {
  section: Section;
  name: string;
  fail: string[];
  warn: string[];
  info: string[];
}

interface Target {
  host: string | null;
  port: number | null;
  banner: string | null;
  software: string | null;
  cves: { id: string; score: number | null; text: string }[];
  security: { name: string; text: string }[];
  algorithms: Map<string, Algorithm>;
  /** "kex:diffie-hellman-group1-sha1" → "remove" or "append". */
  recommendations: Map<string, string>;
}

const newTarget = (host: string | null, port: number | null): Target => ({
  host,
  port,
  banner: null,
  software: null,
  cves: [],
  security: [],
  algorithms: new Map(),
  recommendations: new Map(),
});

/** "127.0.0.1:2222", "[::1]:22", "example.com" (port 22). */
function hostAndPort(text: string): { host: string; port: number | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed?.[1]) return { host: bracketed[1], port: bracketed[2] ? Number(bracketed[2]) : 22 };
  const plain = /^([^:\s]+)(?::(\d{1,5}))?$/.exec(text);
  if (plain?.[1]) return { host: plain[1], port: plain[2] ? Number(plain[2]) : 22 };
  return { host: text, port: null };
}

/** CVSS v2 base score onto the contract's scale (ssh-audit itself marks 8.0 and above as fail). */
function cveSeverity(score: number | null): Severity {
  if (score === null) return "MEDIUM";
  if (score >= 7) return "HIGH";
  if (score >= 4) return "MEDIUM";
  if (score > 0) return "LOW";
  return "INFO";
}

const lines = {
  start: /^Starting audit of (\S+?)\.{3}$/,
  target: /^\(gen\) target: (\S+)$/,
  banner: /^\(gen\) banner: (.*)$/,
  software: /^\(gen\) software: (.*)$/,
  cve: /^\(cve\) (CVE-\d{4}-\d{4,})\s*--\s*\(CVSSv2: ([\d.]+)\)\s*(.*)$/i,
  security: /^\(sec\) (.+?)\s*--\s*(.*)$/,
  algorithm: /^\((kex|key|enc|mac)\) (\S+)(?: \([^)]*\))?\s*(?:--\s*\[(fail|warn|info)\]\s*(.*))?$/,
  continuation: /^`- \[(fail|warn|info)\]\s*(.*)$/,
  recommendation: /^\(rec\) ([+-])(\S+?)\s*--\s*(kex|key|enc|mac) algorithm to (append|remove)/,
};

function readLine(line: string, state: { current: Target | null; last: Algorithm | null }, targets: Target[]) {
  const start = lines.start.exec(line) ?? lines.target.exec(line);
  if (start?.[1]) {
    const { host, port } = hostAndPort(start[1]);
    // "(gen) target:" follows "Starting audit of" for the same target in later releases.
    if (state.current && state.current.host === host && state.current.port === port) return;
    state.current = newTarget(host, port);
    state.last = null;
    targets.push(state.current);
    return;
  }
  if (!state.current) {
    state.current = newTarget(null, null);
    targets.push(state.current);
  }
  const target = state.current;
  const entries = () => target.algorithms.size + target.cves.length + target.security.length;
  if (entries() > MAX_ENTRIES)
    throw new ReportError(`This ssh-audit report has more than ${MAX_ENTRIES} entries for one server.`);

  for (const [pattern, read] of readers) {
    const match = pattern.exec(line);
    if (match && read(match, target, state)) return;
  }
}

type Reader = (match: RegExpExecArray, target: Target, state: { last: Algorithm | null }) => boolean;

/** Each kind of line and what it adds to the target; the first pattern that matches and reads it wins. */
const readers: [RegExp, Reader][] = [
  [
    lines.banner,
    (match, target) => {
      target.banner = match[1]?.trim() || null;
      return true;
    },
  ],
  [
    lines.software,
    (match, target) => {
      target.software = match[1]?.trim() || null;
      return true;
    },
  ],
  [
    lines.cve,
    (match, target) => {
      if (!match[1]) return false;
      const score = Number.parseFloat(match[2] ?? "");
      target.cves.push({
        id: match[1].toUpperCase(),
        score: Number.isFinite(score) && score >= 0 && score <= 10 ? score : null,
        text: match[3]?.trim() ?? "",
      });
      return true;
    },
  ],
  [
    lines.security,
    (match, target) => {
      if (!match[1]) return false;
      target.security.push({ name: match[1].trim(), text: match[2]?.trim() ?? "" });
      return true;
    },
  ],
  [
    lines.algorithm,
    (match, target, state) => {
      if (!match[1] || !match[2]) return false;
      const section = match[1] as Section;
      const key = `${section}:${match[2]}`;
      let algorithm = target.algorithms.get(key);
      if (!algorithm) {
        algorithm = { section, name: match[2], fail: [], warn: [], info: [] };
        target.algorithms.set(key, algorithm);
      }
      state.last = algorithm;
      if (match[3]) addNote(algorithm, match[3] as Level, match[4] ?? "");
      return true;
    },
  ],
  [
    lines.continuation,
    (match, _target, state) => {
      if (!state.last) return false;
      addNote(state.last, match[1] as Level, match[2] ?? "");
      return true;
    },
  ],
  [
    lines.recommendation,
    (match, target) => {
      if (!match[2] || !match[3]) return false;
      target.recommendations.set(`${match[3]}:${match[2]}`, match[1] === "-" ? "remove" : "append");
      return true;
    },
  ],
];

type Level = "fail" | "warn" | "info";

function addNote(algorithm: Algorithm, level: Level, text: string) {
  const notes = algorithm[level];
  const note = text.trim();
  if (note && notes.length < MAX_NOTES && !notes.includes(note)) notes.push(note);
}

function* targetItems(target: Target): Generator<ParsedItem> {
  const { host, port } = target;
  if (host && port !== null) {
    yield makeHost(host, []);
    yield makeService({
      host,
      port,
      protocol: "tcp",
      secure: false,
      name: "ssh",
      product: target.software?.split(" ")[0] ?? null,
      version: target.software?.split(" ").slice(1).join(" ") || null,
      cpe: [],
    });
  }
  const where = { host, port, protocol: port === null ? null : ("tcp" as const) };
  const software = target.software ?? target.banner;
  for (const cve of target.cves) {
    yield makeFinding({
      fingerprint: toolFingerprint("ssh-audit", "cve", cve.id, host, port),
      tool: "ssh-audit",
      ruleId: cve.id,
      name: `${software ?? "The SSH server"}: ${cve.id}`,
      severity: cveSeverity(cve.score),
      description: cve.text,
      summary: `The SSH server's version is affected by ${cve.id}.`,
      insight: cve.text,
      affected: software,
      mitigation: "Update the SSH server to a release that fixes this vulnerability.",
      ...cvssFields({ v2Score: cve.score }),
      cve: [cve.id],
      references: [`https://nvd.nist.gov/vuln/detail/${cve.id}`],
      // Matched on the announced version only (Greenbone's remote_banner): distributions backport fixes.
      qod: 80,
      ...where,
      evidence: target.banner ? `Banner: ${target.banner}` : null,
    });
  }
  for (const issue of target.security) {
    yield makeFinding({
      fingerprint: toolFingerprint("ssh-audit", "sec", issue.name, host, port),
      tool: "ssh-audit",
      ruleId: issue.name,
      name: issue.name,
      severity: "HIGH",
      description: issue.text,
      insight: issue.text,
      affected: software,
      mitigation: "Disable the affected protocol or update the SSH server.",
      qod: 80,
      ...where,
      evidence: target.banner ? `Banner: ${target.banner}` : null,
    });
  }
  for (const algorithm of target.algorithms.values()) {
    if (algorithm.fail.length === 0 && algorithm.warn.length === 0) continue;
    yield algorithmFinding(target, algorithm, software, where);
  }
}

function algorithmFinding(
  target: Target,
  algorithm: Algorithm,
  software: string | null,
  where: Pick<ParsedFinding, "host" | "port" | "protocol">,
): ParsedFinding {
  const { noun, list } = sectionNames[algorithm.section];
  const weak = algorithm.fail.length > 0;
  const notes = [...algorithm.fail.map((n) => `fail: ${n}`), ...algorithm.warn.map((n) => `warn: ${n}`)];
  const remove = target.recommendations.get(`${algorithm.section}:${algorithm.name}`) === "remove";
  return makeFinding({
    fingerprint: toolFingerprint("ssh-audit", algorithm.section, algorithm.name, where.host, where.port),
    tool: "ssh-audit",
    ruleId: `${algorithm.section}:${algorithm.name}`,
    name: `${weak ? "Weak" : "Discouraged"} SSH ${noun} ${algorithm.name} offered`,
    // A weak algorithm is offered, not forced: a client still chooses a stronger one when both have it.
    severity: weak ? "MEDIUM" : "LOW",
    description: notes.join("\n"),
    summary: `The SSH server offers the ${noun} ${algorithm.name}, which ssh-audit rates ${weak ? "as failing" : "with warnings"}.`,
    insight: notes.join("\n"),
    affected: software,
    impact:
      algorithm.section === "kex" || algorithm.section === "enc"
        ? "An attacker who can observe or intercept the traffic may be able to decrypt or tamper with the session."
        : algorithm.section === "key"
          ? "An attacker may be able to impersonate the server."
          : "An attacker may be able to tamper with the session's traffic.",
    mitigation: `Remove ${algorithm.name} from the server's ${list}${remove ? " (ssh-audit recommends removing it)" : ""}.`,
    cwe: "CWE-327",
    // The server announced the algorithm itself, in its key exchange.
    qod: 95,
    ...where,
    evidence: [target.banner ? `Banner: ${target.banner}` : null, ...algorithm.info.map((n) => `info: ${n}`)]
      .filter(Boolean)
      .join("\n"),
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ssh-audit colours its lines with ANSI escapes.
const colour = /\x1b\[[\d;]*m/g;

export const sshAuditTextParser: ReportParser = {
  format: "ssh-audit-text",
  version: 1,
  sniff: sniffers["ssh-audit-text"],
  async *parse(input) {
    const tool: ReportTool = { name: "ssh-audit", version: null };
    const targets: Target[] = [];
    const state: { current: Target | null; last: Algorithm | null } = { current: null, last: null };
    let rest = "";
    const take = (line: string) => readLine(line.replace(colour, "").trim(), state, targets);
    for await (const text of reportText(input, "ssh-audit-text")) {
      rest += text;
      const parts = rest.split(/\r?\n/);
      rest = parts.pop() ?? "";
      if (rest.length > limits.rawString) throw new ReportError("This ssh-audit report has a line that is too long.");
      for (const line of parts) take(line);
      // A target's findings wait for its recommendations, which come last; earlier targets are done.
      while (targets.length > 1) yield* targetItems(targets.shift() as Target);
    }
    take(rest);
    for (const target of targets) yield* targetItems(target);
    return tool;
  },
};
