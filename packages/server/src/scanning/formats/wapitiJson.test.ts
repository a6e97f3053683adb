import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";
import type { ParsedFinding } from "../report.ts";
import { sniffFormat } from "./index.ts";

describe("Wapiti JSON", () => {
  it("makes one finding per place, with Wapiti's level as severity and the category's text", async () => {
    const { tool } = await parseAll("wapiti-json", fixture("wapiti.json"));
    expect(tool).toEqual({ name: "Wapiti", version: "3.0.4" });
    const findings = await findingsOf("wapiti-json", "wapiti.json");
    expect(findings.map((f) => [f.ruleId, f.severity, f.method, f.parameter])).toEqual([
      ["Backup file", "LOW", "GET", null],
      ["Content Security Policy Configuration", "LOW", "GET", null],
      ["HTTP Secure Headers", "LOW", "GET", null],
      ["HTTP Secure Headers", "LOW", "GET", null],
      ["HTTP Secure Headers", "LOW", "GET", null],
      ["HTTP Secure Headers", "LOW", "GET", null],
      ["HttpOnly Flag cookie", "LOW", "GET", null],
      ["Secure Flag cookie", "LOW", "GET", null],
      ["SQL Injection", "HIGH", "GET", "id"],
      ["Cross Site Scripting", "MEDIUM", "GET", "q"],
      ["Internal Server Error", "INFO", "GET", "id"],
    ]);
    const sql = findings[8] as ParsedFinding;
    expect(sql).toMatchObject({
      tool: "Wapiti",
      name: "SQL Injection",
      description: "SQL Injection (DMBS: MySQL) via injection in the parameter id",
      cwe: "CWE-89",
      // infos (the target) comes last in Wapiti's report, after the places: they stay relative.
      url: "/item?id=1%C2%BF%27%22%28",
      host: null,
    });
    expect(sql.insight).toMatch(/^SQL injection vulnerabilities allow/);
    expect(sql.mitigation).toMatch(/parameterized statements/);
    expect(sql.references).toContain("https://cwe.mitre.org/data/definitions/89.html");
    expect(sql.evidence).toBe("GET /item?id=1%C2%BF%27%22%28 HTTP/1.1\nHost: shop.example.com");
    // Four missing headers on one page are four findings.
    expect(new Set(findings.slice(2, 6).map((f) => f.fingerprint)).size).toBe(4);
  });

  it("keeps identities across a rescan: category, method, path, parameter names and the header or cookie", async () => {
    const before = await findingsOf("wapiti-json", "wapiti.json");
    const after = await findingsOf("wapiti-json", "wapiti-rescan.json");
    const { gone, added, kept } = compareScans(before, after);
    expect(gone).toEqual(["Backup file"]);
    expect(added).toEqual(["Cross Site Scripting"]);
    expect(after.find((f) => f.url === "/feedback")?.parameter).toBe("comment");
    // The XSS payload's random marker differs between runs; the finding is the same.
    expect(kept.map((f) => f.ruleId)).toContain("Cross Site Scripting");
    expect(kept).toHaveLength(before.length - 1);
  });

  it("is recognised from its first bytes, and gives the same items in 1-byte and 7-byte chunks", async () => {
    expect(sniffFormat(fixture("wapiti.json").subarray(0, 4096).toString("utf8"))).toBe("wapiti-json");
    expect(sniffFormat(fixture("zap.json").subarray(0, 4096).toString("utf8"))).toBe("zap-json");
    const whole = await parseAll("wapiti-json", fixture("wapiti.json"));
    expect(await parseAll("wapiti-json", fixture("wapiti.json"), 1)).toEqual(whole);
    expect(await parseAll("wapiti-json", fixture("wapiti.json"), 7)).toEqual(whole);
  });

  it("takes the target when infos comes first, and says what is wrong with a broken or foreign report", async () => {
    const report = JSON.stringify({
      classifications: {},
      infos: { target: "http://127.0.0.1:8080/app/", version: "3.1.8" },
      vulnerabilities: {
        "Open Redirect": [
          {
            method: "GET",
            path: "/app/go",
            info: "<b>x</b>",
            level: 2,
            parameter: "to",
            http_request: "GET /app/go?to=x HTTP/1.1",
          },
        ],
      },
    });
    const { items, tool } = await parseAll("wapiti-json", report);
    expect(tool.version).toBe("3.1.8");
    expect(items[0]).toMatchObject({
      url: "http://127.0.0.1:8080/app/go?to=x",
      host: "127.0.0.1",
      port: 8080,
      description: "<b>x</b>",
    });
    expect((await parseError("wapiti-json", '{"classifications": {"A": {"desc": "x"'))?.message).toBe(
      "This Wapiti JSON report ends in the middle of a classification (line 1).",
    );
    expect((await parseError("wapiti-json", fixture("zap.json")))?.message).toBe(
      "This is not a Wapiti JSON report: it looks like a ZAP JSON report.",
    );
  });
});
