import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";
import type { ParsedFinding } from "../report.ts";

describe("ZAP traditional JSON", () => {
  it("makes one finding per alert instance, with HTML turned into plain text", async () => {
    const { tool } = await parseAll("zap-json", fixture("zap.json"));
    expect(tool).toEqual({ name: "ZAP", version: "2.15.0" });
    const findings = await findingsOf("zap-json", "zap.json");
    // The false positive (confidence 0) is left out.
    expect(findings.map((f) => [f.ruleId, f.severity, f.method, f.parameter, f.url])).toEqual([
      [
        "40012",
        "HIGH",
        "GET",
        "q",
        "https://shop.example.com/search?q=%3C%2Fp%3E%3CscrIpt%3Ealert%281%29%3B%3C%2FscRipt%3E%3Cp%3E&page=1",
      ],
      ["40012", "HIGH", "POST", "comment", "https://shop.example.com/feedback"],
      ["10038", "MEDIUM", "GET", null, "https://shop.example.com/"],
      ["10054", "LOW", "GET", "session", "https://shop.example.com/login?next=%2Faccount"],
    ]);
    const xss = findings[0] as ParsedFinding;
    expect(xss).toMatchObject({
      tool: "ZAP",
      name: "Cross Site Scripting (Reflected)",
      cwe: "CWE-79",
      host: "shop.example.com",
      port: 443,
      protocol: "tcp",
      description:
        "Cross-site Scripting (XSS) is an attack technique that involves echoing attacker-supplied code into a user's browser instance.\nA browser instance can be a standard web browser client & more.",
      references: ["https://owasp.org/www-community/attacks/xss/", "https://cwe.mitre.org/data/definitions/79.html"],
    });
    expect(xss.mitigation).toBe(
      "Phase: Architecture and Design\nUse a vetted library or framework that does not allow this weakness to occur or provides constructs that make this weakness easier to avoid.",
    );
    for (const finding of findings) {
      expect(finding.description).not.toMatch(/<\/?p>/);
      expect(finding.mitigation ?? "").not.toMatch(/<\/?p>/);
    }
    // Evidence is what ZAP saw, as text: the attack string is kept, not interpreted.
    expect(xss.evidence).toContain("Attack: </p><scrIpt>alert(1);</scRipt><p>");
  });

  it("keeps identities across a rescan: plugin, method, URL path and parameter names, not query values", async () => {
    const before = await findingsOf("zap-json", "zap.json");
    const after = await findingsOf("zap-json", "zap-rescan.json");
    const { gone, added, kept, old } = compareScans(before, after);
    expect(gone).toEqual(["40012"]);
    expect(added).toEqual(["10038"]);
    expect(after.find((f) => !old.has(f.fingerprint))?.url).toBe("https://shop.example.com/checkout");
    expect(kept.map((f) => f.ruleId)).toEqual(["40012", "10038", "10054"]);
    const cookie = kept[2] as ParsedFinding;
    expect(cookie.url).toBe("https://shop.example.com/login?next=%2Forders");
    expect(cookie.evidence).toContain("second crawl");
    expect(old.get(cookie.fingerprint)?.evidence).not.toContain("second crawl");
  });

  it("strips markup from hostile text and keeps encoded markup as visible text", async () => {
    const report = JSON.stringify({
      "@programName": "ZAP",
      "@version": "2.15.0",
      "@generated": "Fri, 20 Nov 2026 10:30:00",
      site: [
        {
          "@name": "http://127.0.0.1:8080",
          alerts: [
            {
              pluginid: "10202",
              name: "Absence of Anti-CSRF Tokens <img src=x onerror=alert(1)>",
              riskcode: "2",
              confidence: "2",
              desc: '<p>Caf\u00e9 \u2713 \ud83d\ude00</p><script>alert("x")</script><a href="javascript:alert(1)">link</a> &lt;b&gt;bold&lt;/b&gt; &#x41;&#66;',
              solution: "<ul><li>One</li><li>Two</li></ul>",
              cweid: "352",
              instances: [
                { uri: "http://127.0.0.1:8080/form", method: "post", param: "", evidence: '<form action="/x">' },
              ],
            },
          ],
        },
      ],
    });
    const whole = await parseAll("zap-json", report);
    expect(await parseAll("zap-json", report, 1)).toEqual(whole);
    const finding = whole.items[0] as ParsedFinding;
    expect(finding.description).toBe("Caf\u00e9 \u2713 \ud83d\ude00\nlink <b>bold</b> AB");
    expect(finding.mitigation).toBe("- One\n- Two");
    expect(finding).toMatchObject({ method: "POST", port: 8080, cwe: "CWE-352", evidence: '<form action="/x">' });
  });

  it("tells two variants of one plugin on the same URL apart by alertRef", async () => {
    const alert = (alertRef: string, name: string) => ({
      pluginid: "10020",
      alertRef,
      name,
      riskcode: "2",
      confidence: "2",
      desc: "<p>Clickjacking.</p>",
      cweid: "1021",
      instances: [{ uri: "https://a.example/", method: "GET", param: "x-frame-options" }],
    });
    const report = JSON.stringify({
      "@programName": "ZAP",
      "@version": "2.15.0",
      "@generated": "now",
      site: [
        {
          "@name": "https://a.example",
          alerts: [
            alert("10020-1", "Missing Anti-clickjacking Header"),
            alert("10020-2", "Multiple X-Frame-Options Header Entries"),
          ],
        },
      ],
    });
    const { items } = await parseAll("zap-json", report);
    const [first, second] = items as ParsedFinding[];
    expect([first?.ruleId, second?.ruleId]).toEqual(["10020", "10020"]);
    expect(first?.fingerprint).not.toBe(second?.fingerprint);
  });

  it("gives the same items in 1- and 7-byte chunks", async () => {
    const bytes = fixture("zap.json");
    const whole = await parseAll("zap-json", bytes);
    expect(await parseAll("zap-json", bytes, 1)).toEqual(whole);
    expect(await parseAll("zap-json", bytes, 7)).toEqual(whole);
  });

  it("names a cut-off alert and tells a Trivy report apart", async () => {
    const text = fixture("zap.json").toString();
    const cut = text.slice(0, text.indexOf('"alert": "Cookie without SameSite Attribute"'));
    expect((await parseError("zap-json", cut))?.message).toMatch(
      /^This ZAP JSON report ends in the middle of an alert \(line \d+\)\.$/,
    );
    expect((await parseError("zap-json", fixture("trivy.json")))?.message).toBe(
      "This is not a ZAP JSON report: it looks like a Trivy JSON report.",
    );
  });
});
