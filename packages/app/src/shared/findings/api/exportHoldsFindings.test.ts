import { describe, expect, it } from "vitest";
import { exportHoldsFindings } from "./exportHoldsFindings.ts";

const header =
  "\uFEFFname,severity,status,area,company,product,location,cve,cwe,cvss_score,first_seen,last_seen,change,id\r\n";
const csv = (text: string) => new Blob([text], { type: "text/csv" });
const json = (body: unknown) => new Blob([JSON.stringify(body)], { type: "application/json" });

describe("exportHoldsFindings", () => {
  it("finds no finding in a header-only CSV (what 0 matches answered) and one in a CSV with a row", async () => {
    expect(await exportHoldsFindings("csv", csv(header))).toBe(false);
    expect(
      await exportHoldsFindings(
        "csv",
        csv(`${header}"Weak TLS",MEDIUM,ACTIVE,NETWORK,Acme,Shop,192.0.2.1:443,,,5.3,x,y,NEW,7\r\n`),
      ),
    ).toBe(true);
  });

  it("reads the JSON export's count and the SARIF run's results", async () => {
    expect(await exportHoldsFindings("json", json({ generated_at: "x", count: 0, results: [] }))).toBe(false);
    expect(await exportHoldsFindings("json", json({ generated_at: "x", count: 2, results: [{}, {}] }))).toBe(true);
    expect(await exportHoldsFindings("sarif", json({ version: "2.1.0", runs: [{ results: [] }] }))).toBe(false);
    expect(await exportHoldsFindings("sarif", json({ version: "2.1.0", runs: [{ results: [{}] }] }))).toBe(true);
  });

  it("saves what it cannot read, and never reads a large file", async () => {
    expect(await exportHoldsFindings("json", json("<html>"))).toBe(true);
    expect(await exportHoldsFindings("json", new Blob(["{"]))).toBe(true);
    expect(await exportHoldsFindings("csv", csv(header.padEnd(70_000, " ")))).toBe(true);
  });
});
