import { describe, expect, it } from "vitest";
import { serializeFindings } from "./index.ts";
import type { JsonExport } from "./json.ts";
import { seedRows } from "./testing.ts";

const generatedAt = "2026-11-26T08:35:00.000Z";

function exportJson(...args: Parameters<typeof serializeFindings>): JsonExport {
  const file = serializeFindings(...args);
  if ("error" in file) throw new Error(file.error);
  expect(file.contentType).toBe("application/json");
  return JSON.parse(file.body) as JsonExport;
}

describe("JSON export", () => {
  const rows = seedRows();

  it("wraps exactly the rows given, in order, in an envelope with the time and the count", () => {
    const body = exportJson("json", rows, { generatedAt });
    expect(body.generated_at).toBe(generatedAt);
    expect(body.count).toBe(rows.length);
    expect(body.results).toEqual(rows);
    expect(body).not.toHaveProperty("filters");
  });

  it("carries each finding's status history, oldest first, with actor and reason", () => {
    const changed = rows.find((r) => r.finding_log_status.length > 1);
    expect(changed, "the seed holds a finding whose status was changed").toBeDefined();
    const body = exportJson("json", changed ? [changed] : [], { generatedAt });
    const history = body.results[0]?.finding_log_status ?? [];
    expect(history).toEqual(changed?.finding_log_status);
    expect(history.length).toBeGreaterThan(1);
    expect(history.at(-1)?.new_status).toBe(changed?.status);
    for (const entry of history) expect(entry).toHaveProperty("message");
  });

  it("echoes the filters the set was selected with, when there are any", () => {
    const filters = { area: ["SOURCE_CODE"], severity: ["HIGH", "MEDIUM"], search: "sql" };
    expect(exportJson("json", rows.slice(0, 1), { generatedAt, filters }).filters).toEqual(filters);
    expect(exportJson("json", rows.slice(0, 1), { generatedAt, filters: {} })).not.toHaveProperty("filters");
  });

  it("writes an empty set as an envelope with no findings", () => {
    const body = exportJson("json", [], { generatedAt });
    expect(body).toEqual({ generated_at: generatedAt, count: 0, results: [] });
  });

  it("is named for its time", () => {
    const file = serializeFindings("json", [], { generatedAt });
    expect(file).toMatchObject({ filename: "sentinel-findings-20261126T083500Z.json" });
  });
});
