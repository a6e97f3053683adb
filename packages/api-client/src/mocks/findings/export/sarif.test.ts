import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE } from "../../seed/hostile.ts";
import { serializeFindings } from "./index.ts";
import type { ExportRow } from "./row.ts";
import { ruleIdOf } from "./sarif.ts";
import { seedRows } from "./testing.ts";

const generatedAt = "2026-11-26T08:35:00.000Z";
const informationUri = "https://sentinel.example.test/";
const vendor = path.join(path.dirname(new URL(import.meta.url).pathname), "vendor");

// biome-ignore lint/suspicious/noExplicitAny: SARIF is read back as plain JSON and probed field by field.
type Json = any;

function sarifOf(rows: ExportRow[]): Json {
  const file = serializeFindings("sarif", rows, { generatedAt, informationUri });
  if ("error" in file) throw new Error(file.error);
  expect(file.contentType).toBe("application/sarif+json");
  return JSON.parse(file.body);
}

const code = seedRows((f) => f.area === "sourcecode");
const network = seedRows((f) => f.area === "network");
const first = code[0] as ExportRow;

/**
 * Source-code findings of the seed plus rows that reach every branch of the mapping: each status,
 * each change, a finding without a line, and file names and texts a hostile repository could hold.
 * `all` takes every seed finding; otherwise one per rule and status, which covers the same shapes
 * and keeps the Multitool run short on a busy machine.
 */
function variety(all = true): ExportRow[] {
  const seen = new Set<string>();
  const picked = all
    ? code
    : code.filter((r) => !seen.has(`${r.name}|${r.status}`) && seen.add(`${r.name}|${r.status}`));
  const statuses = ["ACTIVE", "FIXING", "MITIGATED", "TOLERATED", "FALSE_POSITIVE"] as const;
  const changes = ["NEW", "UNCHANGED", "REOPENED", null] as const;
  const extra: ExportRow[] = statuses.flatMap((status, s) =>
    changes.map((change, c) => ({
      ...first,
      id: 100_000 + s * 10 + c,
      status,
      status_display: status,
      message: s % 2 ? "Checked with the team" : null,
      change,
    })),
  );
  extra.push(
    { ...first, id: 100_100, line: null, code_snippets: [] },
    { ...first, id: 100_101, component: "src/my dir/ünïcode #1?.ts", line: 7, code_snippets: ["1 | x"] },
    { ...first, id: 100_102, component: `../${HOSTILE.rtl}.js`, name: HOSTILE.svg, description: HOSTILE.script },
    { ...first, id: 100_103, name: "=cmd|' /C calc'!A0", references: ["javascript:alert(1)", "not a url"] },
  );
  return [...picked, ...extra];
}

interface Reported {
  ruleId: string;
  level: string;
  text: string;
}

/** The Multitool's native binary, resolved the way its own `bin.js` does (without a shell in between). */
function multitoolBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve("@microsoft/sarif-multitool/package.json");
  return createRequire(pkg)(`@microsoft/sarif-multitool-${process.platform}`) as string;
}

/** The Multitool is a 96 MB self-contained .NET program; its start and rule set take seconds on a busy machine. */
const MULTITOOL_TIMEOUT = 180_000;

/**
 * The Multitool's notes are advice for analysis tools, each of which this export cannot or need not
 * follow; anything else it reports (every warning and error included) fails the test.
 */
const JUSTIFIED_NOTES: Record<string, string> = {
  SARIF2002: "message ids and arguments: each finding carries its own description text",
  SARIF2003: "version control provenance: an export row does not carry its repository and commit",
  SARIF2006: "reachable URIs: the check goes online, and the tests run without a network",
  SARIF2010: "code snippets: given wherever the scanner's snippet covers the line, left out otherwise",
  SARIF2011: "context regions: as for snippets",
  SARIF2009: "conventional rule ids (CA1000) need a numbered rule catalogue; ids are slugs of the rule name",
  SARIF2012: "help URI: given where the finding has a reference; some rules have none",
};

describe("SARIF export", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "sarif-export-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function multitool(log: Json): Promise<Reported[]> {
    const input = path.join(dir, `export-${crypto.randomUUID()}.sarif`);
    const output = `${input}.validation.sarif`;
    await writeFile(input, JSON.stringify(log));
    // No ICU is needed for validating: invariant globalization keeps the binary off libicu.
    const env = { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: "1" };
    const args = ["validate", input, "--output", output, "--log", "ForceOverwrite", "--level", "Error;Warning;Note"];
    await promisify(execFile)(multitoolBinary(), args, { env, maxBuffer: 64 * 1024 * 1024 }).catch((e: Json) => {
      // It exits non-zero when it finds errors; those are read from its log below. Anything else is a failure.
      if (e.code !== 1) throw e;
    });
    const report = JSON.parse(await readFile(output, "utf8"));
    const run = report.runs[0];
    expect(run.invocations[0].toolExecutionNotifications ?? []).toEqual([]);
    expect(run.invocations[0].executionSuccessful).toBe(true);
    return run.results.map((r: Json) => ({
      ruleId: r.ruleId,
      level: r.level ?? "warning",
      text: `${r.message.id}: ${(r.message.arguments ?? []).join(" | ")}`,
    }));
  }

  const schemaCheck = async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const schema = JSON.parse(await readFile(path.join(vendor, "sarif-schema-2.1.0.json"), "utf8"));
    return ajv.compile(schema);
  };

  it("is valid by the official SARIF 2.1.0 schema", async () => {
    const validate = await schemaCheck();
    for (const log of [sarifOf(variety()), sarifOf([])]) {
      validate(log);
      expect(validate.errors ?? []).toEqual([]);
    }
  });

  it("the schema check rejects a log that breaks the schema", async () => {
    const validate = await schemaCheck();
    const log = sarifOf([first]);
    log.runs[0].results[0].level = "critical";
    log.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(validate(log)).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toEqual(
      expect.arrayContaining([
        "/runs/0/results/0/level",
        "/runs/0/results/0/locations/0/physicalLocation/region/startLine",
      ]),
    );
  });

  it(
    "is valid by the SARIF Multitool: no error, no warning, only notes with a reason",
    async () => {
      const rows = variety(false);
      const reported = await multitool(sarifOf(rows));
      // SARIF2017 warns of a location without a region. A finding without a line is about the whole
      // file (a secret-bearing file, a manifest), which SARIF expresses exactly so; nothing else may warn.
      const wholeFile = (r: Reported) =>
        r.ruleId === "SARIF2017" && rows[Number(/results\[(\d+)\]/.exec(r.text)?.[1])]?.line === null;
      expect(reported.filter((r) => r.level !== "note" && !wholeFile(r))).toEqual([]);
      expect(reported.filter(wholeFile)).toHaveLength(rows.filter((r) => r.line === null).length);
      const unexplained = reported.filter((r) => r.level === "note" && !(r.ruleId in JUSTIFIED_NOTES));
      expect(unexplained).toEqual([]);
    },
    MULTITOOL_TIMEOUT,
  );

  it(
    "the Multitool check fails a log the Multitool finds wrong",
    async () => {
      const log = sarifOf([first]);
      log.runs[0].results[0].ruleIndex = 5;
      delete log.runs[0].tool.driver.informationUri;
      const levels = (await multitool(log)).filter((r) => r.level !== "note").map((r) => [r.ruleId, r.level]);
      expect(levels).toEqual(expect.arrayContaining([["SARIF2005", "warning"]]));
      expect(levels.some(([, level]) => level === "error")).toBe(true);
    },
    MULTITOOL_TIMEOUT,
  );

  it("has one run whose driver lists one rule per distinct rule, with its description, help and CWE", () => {
    const log = sarifOf(code);
    expect(log.version).toBe("2.1.0");
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0].tool.driver;
    expect(driver).toMatchObject({ name: "Sentinel", version: expect.any(String), informationUri });
    const names = new Set(code.map((r) => r.name));
    expect(driver.rules).toHaveLength(names.size);
    expect(new Set(driver.rules.map((r: Json) => r.id)).size).toBe(names.size);
    const sql = code.find((r) => r.cwe === "CWE-89") as ExportRow;
    const rule = driver.rules.find((r: Json) => r.id === ruleIdOf(sql));
    expect(rule).toMatchObject({
      id: "sql-query-built-from-user-input",
      name: "SqlQueryBuiltFromUserInput",
      shortDescription: { text: "SQL query built from user input." },
      helpUri: sql.references[0],
      properties: { cwe: "CWE-89", tags: ["security", "external/cwe/cwe-89"], "security-severity": "7.5" },
    });
  });

  it("takes security-severity from the CVSS score when there is one, else from the severity's band", () => {
    const scored = { ...first, name: "Scored", cvss3_score: 9.8, cvss2_score: 7 };
    const v2 = { ...first, name: "V2 only", cvss3_score: null, cvss2_score: 4.3 };
    const rules = sarifOf([scored, v2]).runs[0].tool.driver.rules;
    expect(rules.map((r: Json) => r.properties["security-severity"])).toEqual(["9.8", "4.3"]);
  });

  it("gives each finding a result pointing at its rule, file and line, with its level and fingerprint", () => {
    const log = sarifOf(code);
    const { rules } = log.runs[0].tool.driver;
    expect(log.runs[0].results).toHaveLength(code.length);
    const levels = { HIGH: "error", MEDIUM: "warning", LOW: "note", INFO: "note", LOG: "none" };
    log.runs[0].results.forEach((result: Json, k: number) => {
      const row = code[k] as ExportRow;
      expect(rules[result.ruleIndex].id).toBe(result.ruleId);
      expect(result.ruleId).toBe(ruleIdOf(row));
      expect(result.level).toBe(levels[row.severity]);
      expect(result.message.text).toContain(row.description.trim().replace(/\.$/, ""));
      expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe(row.component);
      expect(result.locations[0].physicalLocation.region.startLine).toBe(row.line);
      expect(result.partialFingerprints).toEqual({
        "sentinelRuleAssetFile/v1": `${ruleIdOf(row)}|${row.asset}|${row.component}`,
      });
      expect(result.properties.id).toBe(row.id);
    });
  });

  it("fingerprints a finding the same in every scan: by rule, repository and file, not id or line", () => {
    const [a, b] = sarifOf([first, { ...first, id: first.id + 9999, line: (first.line ?? 1) + 3 }]).runs[0].results;
    expect(a.partialFingerprints).toEqual(b.partialFingerprints);
    const [c, d] = sarifOf([
      { ...first, asset: 1 },
      { ...first, asset: 2 },
    ]).runs[0].results;
    expect(c.partialFingerprints).not.toEqual(d.partialFingerprints);
  });

  it("exports a rule with more findings than a function call takes arguments", () => {
    const many = Array.from({ length: 150_000 }, (_, k) => ({
      ...first,
      id: k + 1,
      cvss3_score: k === 7 ? 9.1 : null,
    }));
    const log = sarifOf(many);
    expect(log.runs[0].results).toHaveLength(many.length);
    expect(log.runs[0].tool.driver.rules).toHaveLength(1);
    expect(log.runs[0].tool.driver.rules[0].properties["security-severity"]).toBe("9.1");
    expect(log.runs[0].results.at(-1).ruleIndex).toBe(0);
  });

  it("quotes the scanner's code snippet when it covers the line", () => {
    const sql = code.find((r) => r.cwe === "CWE-89") as ExportRow;
    const location = sarifOf([sql]).runs[0].results[0].locations[0].physicalLocation;
    expect(location.region).toEqual({
      startLine: 42,
      snippet: { text: '    cursor.execute(f"SELECT * FROM orders WHERE id = {order_id}")' },
    });
    expect(location.contextRegion).toMatchObject({ startLine: 40, endLine: 43 });
    const oneLine = { ...sql, code_snippets: ["42 | query()"] };
    expect(sarifOf([oneLine]).runs[0].results[0].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: sql.component },
      region: { startLine: 42, snippet: { text: "query()" } },
    });
    const elsewhere = sarifOf([{ ...sql, line: 99 }]).runs[0].results[0].locations[0].physicalLocation;
    expect(elsewhere).not.toHaveProperty("contextRegion");
    expect(elsewhere.region).toEqual({ startLine: 99 });
  });

  it("encodes file names into valid URI references", () => {
    const row = { ...first, component: "src/my dir/ünïcode #1?.ts" };
    const uri = sarifOf([row]).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri;
    expect(uri).toBe("src/my%20dir/%C3%BCn%C3%AFcode%20%231%3F.ts");
    expect(decodeURIComponent(uri)).toBe(row.component);
  });

  it("maps false positive, tolerated and mitigated to accepted external suppressions, with the reason", () => {
    const rows = (["ACTIVE", "FIXING", "MITIGATED", "TOLERATED", "FALSE_POSITIVE"] as const).map((status, k) => ({
      ...first,
      id: k + 1,
      status,
      status_display: `${status} label`,
      message: "Reviewed in triage",
    }));
    const results = sarifOf(rows).runs[0].results;
    expect(results.map((r: Json) => r.suppressions)).toEqual([
      [],
      [],
      [{ kind: "external", status: "accepted", justification: "MITIGATED label: Reviewed in triage" }],
      [{ kind: "external", status: "accepted", justification: "TOLERATED label: Reviewed in triage" }],
      [{ kind: "external", status: "accepted", justification: "FALSE_POSITIVE label: Reviewed in triage" }],
    ]);
  });

  it("maps the change since the previous scan to baselineState", () => {
    const rows = (["NEW", "UNCHANGED", "REOPENED", null] as const).map((change, k) => ({
      ...first,
      id: k + 1,
      change,
    }));
    const results = sarifOf(rows).runs[0].results;
    expect(results.map((r: Json) => r.baselineState)).toEqual(["new", "unchanged", "new", undefined]);
    expect(results.map((r: Json) => r.properties.change)).toEqual(["NEW", "UNCHANGED", "REOPENED", null]);
  });

  it("refuses a set that holds findings of other areas, saying which and what to do", () => {
    const mixed = serializeFindings("sarif", [...code.slice(0, 2), ...network.slice(0, 3)], { generatedAt });
    expect(mixed).toEqual({ error: expect.stringContaining("3 Network finding(s)") });
    expect(mixed).toEqual({ error: expect.stringContaining("area=SOURCE_CODE") });
    expect(serializeFindings("sarif", network.slice(0, 1), { generatedAt })).toHaveProperty("error");
  });

  it("writes an empty set as a run with no results, named as a .sarif file", () => {
    const file = serializeFindings("sarif", [], { generatedAt });
    expect(file).toMatchObject({ filename: "sentinel-findings-20261126T083500Z.sarif" });
    expect(sarifOf([]).runs[0]).toMatchObject({ results: [], tool: { driver: { rules: [] } } });
  });
});
