import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";
import type { ParsedFinding } from "../report.ts";
import { sarifParser } from "./sarif.ts";

describe("SARIF", () => {
  it("reads every run's results with their rule's name, CWE and severity, and skips suppressed ones", async () => {
    const { tool } = await parseAll("sarif", fixture("sarif.json"));
    expect(tool).toEqual({ name: "CodeQL", version: "2.19.3" });
    const findings = await findingsOf("sarif", "sarif.json");
    expect(findings.map((f) => [f.tool, f.ruleId, f.severity, f.cwe, f.file, f.line])).toEqual([
      // security-severity 6.1 → MEDIUM although the rule's level is error; 9.3 → HIGH.
      ["CodeQL", "js/reflected-xss", "MEDIUM", "CWE-79", "src/routes/search.js", 14],
      ["CodeQL", "js/code-injection", "HIGH", "CWE-94", "src/app.js", 8],
      // No security-severity: level error → HIGH, warning → MEDIUM.
      ["ESLint", "security/detect-child-process", "HIGH", null, "/repo/src/app.js", 11],
      ["ESLint", "security/detect-non-literal-fs-filename", "MEDIUM", null, "/repo/src/app.js", 17],
    ]);
    expect(findings[0]).toMatchObject({
      name: "Reflected cross-site scripting",
      description: "Cross-site scripting vulnerability due to a [user-provided value](1).",
      insight: "Writing user input directly to an HTTP response allows for a cross-site scripting vulnerability.",
      references: ["https://codeql.github.com/codeql-query-help/javascript/js-reflected-xss/"],
      cve: [],
    });
    expect(findings[0]?.mitigation).toContain("Escape user input");
    expect(findings[2]?.snippet).toBe("exec('ls ' + req.query.path, cb);");
  });

  it("keeps identities across a rescan: the tool's fingerprints, or the line's text when code moved", async () => {
    const before = await findingsOf("sarif", "sarif.json");
    const after = await findingsOf("sarif", "sarif-rescan.json");
    const { gone, added, kept, old } = compareScans(before, after);
    expect(gone).toEqual(["security/detect-non-literal-fs-filename"]);
    expect(added).toEqual(["security/detect-non-literal-require"]);
    expect(kept.map((f) => [f.ruleId, f.line])).toEqual([
      ["js/reflected-xss", 19],
      ["js/code-injection", 8],
      ["security/detect-child-process", 16],
    ]);
    const moved = kept[2] as ParsedFinding;
    expect(old.get(moved.fingerprint)?.line).toBe(11);
  });

  it("without a snippet, falls back to the line; a different snippet is a different finding", async () => {
    const run = (snippet: string | null, line: number) =>
      JSON.stringify({
        version: "2.1.0",
        runs: [
          {
            tool: { driver: { name: "Flawfinder", rules: [{ id: "FF1014", properties: { tags: ["CWE-120"] } }] } },
            results: [
              {
                ruleId: "FF1014",
                level: "error",
                message: { text: "buffer/gets: Does not check for buffer overflows (CWE-120, CWE-20)." },
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: { uri: "vuln.c" },
                      region: { startLine: line, ...(snippet ? { snippet: { text: snippet } } : {}) },
                    },
                  },
                ],
              },
            ],
          },
        ],
      });
    const fingerprint = async (snippet: string | null, line: number) =>
      ((await parseAll("sarif", run(snippet, line))).items[0] as ParsedFinding).fingerprint;
    expect(await fingerprint("  gets(buf);", 3)).toBe(await fingerprint("gets(buf);  ", 30));
    expect(await fingerprint("gets(buf);", 3)).not.toBe(await fingerprint("gets(other);", 3));
    expect(await fingerprint(null, 3)).not.toBe(await fingerprint(null, 4));
    const finding = (await parseAll("sarif", run(null, 3))).items[0] as ParsedFinding;
    expect(finding).toMatchObject({ tool: "Flawfinder", cwe: "CWE-120", severity: "HIGH", file: "vuln.c", line: 3 });
  });

  it("reads rules from tool extensions and results written before their run's tool", async () => {
    const report = JSON.stringify({
      version: "2.1.0",
      $schema: "https://json.schemastore.org/sarif-2.1.0.json",
      runs: [
        {
          results: [
            {
              ruleId: "CVE-2021-44228",
              rule: { id: "CVE-2021-44228", index: 0, toolComponent: { index: 0 } },
              message: { text: "Package: org.apache.logging.log4j:log4j-core" },
              locations: [{ physicalLocation: { artifactLocation: { uri: "pom.xml" }, region: { startLine: 1 } } }],
            },
          ],
          tool: {
            driver: { name: "Trivy", version: "0.57.1" },
            extensions: [
              {
                name: "trivy-db",
                rules: [
                  {
                    id: "CVE-2021-44228",
                    shortDescription: { text: "log4j-core: Remote code execution in Log4j 2.x" },
                    properties: { "security-severity": "10.0", tags: ["vulnerability", "security", "CRITICAL"] },
                    relationships: [{ target: { id: "917", toolComponent: { name: "CWE" } } }],
                  },
                ],
              },
            ],
          },
        },
      ],
    });
    const { items, tool } = await parseAll("sarif", report);
    expect(tool).toEqual({ name: "Trivy", version: "0.57.1" });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: "log4j-core: Remote code execution in Log4j 2.x",
      severity: "HIGH",
      cve: ["CVE-2021-44228"],
      cwe: "CWE-917",
    });
  });

  it("gives the same items in 1- and 7-byte chunks", async () => {
    const bytes = fixture("sarif.json");
    const whole = await parseAll("sarif", bytes);
    expect(await parseAll("sarif", bytes, 1)).toEqual(whole);
    expect(await parseAll("sarif", bytes, 7)).toEqual(whole);
  });

  it("names a cut-off result with its line, and malformed JSON with its line", async () => {
    const text = fixture("sarif.json").toString();
    const cut = text.slice(0, text.indexOf('"primaryLocationLineHash": "a0b1'));
    const error = await parseError("sarif", cut);
    expect(error?.name).toBe("ReportError");
    expect(error?.message).toMatch(/^This SARIF report ends in the middle of a result \(line \d+\)\.$/);
    const broken = '{\n  "version": "2.1.0",\n  "runs": [\n    { "tool": { "driver": { "name": "x" } }, }\n  ]\n}';
    expect((await parseError("sarif", broken))?.message).toBe(
      'This SARIF report is not valid JSON at line 4: unexpected "}".',
    );
    expect((await parseError("sarif", fixture("zap.json")))?.message).toBe(
      "This is not a SARIF report: it looks like a ZAP JSON report.",
    );
  });

  it("streams: a 20 MB report yields its first result before the input is read", async () => {
    const result = (i: number) =>
      JSON.stringify({
        ruleId: "js/sql-injection",
        level: "error",
        message: { text: `This query string depends on a user-provided value (${i}).` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: `src/db/q${i}.js` },
              region: { startLine: 10, snippet: { text: `db.query("SELECT * FROM t WHERE id=" + id${i});` } },
            },
          },
        ],
        partialFingerprints: { primaryLocationLineHash: `${i.toString(16).padStart(16, "0")}:1` },
      });
    const count = Math.ceil(20_000_000 / result(0).length);
    let chunksRead = 0;
    let done = false;
    async function* input(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"CodeQL"}},"results":[');
      let batch = "";
      for (let i = 0; i < count; i++) {
        batch += (i ? "," : "") + result(i);
        if (batch.length >= 65_536) {
          chunksRead++;
          yield Buffer.from(batch);
          batch = "";
        }
      }
      yield Buffer.from(`${batch}]}]}`);
      done = true;
    }
    let first = -1;
    let findings = 0;
    const fingerprints = new Set<string>();
    for await (const item of sarifParser.parse(input())) {
      if (first < 0) first = chunksRead;
      if (item.kind === "finding") {
        findings++;
        if (findings % 1000 === 0) fingerprints.add(item.fingerprint);
      }
    }
    expect(done).toBe(true);
    expect(first).toBeLessThanOrEqual(1);
    expect(findings).toBe(count);
    expect(fingerprints.size).toBe(Math.floor(count / 1000));
  });
});
