import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_STORAGE_KEY, db, selectDataset } from "../index.ts";
import { server } from "../node.ts";
import { LARGE_COMPANY_NAME } from "../seed/large.ts";
import { MemoryStorage, raw, signIn } from "../testing.ts";

const storage = new MemoryStorage();
const scope = globalThis as { window?: unknown };

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => {
  server.close();
  db.persist(false);
  delete scope.window;
  selectDataset("default");
  db.resetAll();
});

describe("the large dataset", () => {
  it("is not built into the default dataset", () => {
    selectDataset("default");
    expect(db.get().companies.map((c) => c.name)).not.toContain(LARGE_COMPANY_NAME);
  });

  it("holds one company with 100,000 findings the index pages through, with every change", async () => {
    selectDataset("large");
    db.resetAll();
    const company = db.get().companies.find((c) => c.name === LARGE_COMPANY_NAME);
    expect(company).toBeTruthy();
    expect(db.get().findings.filter((f) => f.company_id === company?.id).length).toBeGreaterThanOrEqual(100_000);
    const token = await signIn("superadmin@example.com");
    const page = await raw("GET", `/api/v1/findings/?company=${company?.id}&page_size=500&page=150`, token);
    expect(page.status).toBe(200);
    const body = page.body as { count: number; results: unknown[] };
    expect(body.count).toBeGreaterThanOrEqual(100_000);
    expect(body.results).toHaveLength(500);
    for (const change of ["NEW", "UNCHANGED", "REOPENED"]) {
      const r = await raw("GET", `/api/v1/findings/?company=${company?.id}&change=${change}`, token);
      expect((r.body as { count: number }).count, change).toBeGreaterThan(0);
    }
  });

  it("persists a status change as that finding alone, and reads it back after a reload", async () => {
    scope.window = { localStorage: storage };
    db.persist(true);
    selectDataset("large");
    const token = await signIn("superadmin@example.com");
    const company = db.get().companies.find((c) => c.name === LARGE_COMPANY_NAME);
    const d = db.get();
    const finding = d.findings.find((f) => f.company_id === company?.id && f.status === "ACTIVE");
    const se = d.scanEndpoints.find((e) => e.id === finding?.parent_id);
    const scan = d.networkScans.find((s) => s.id === se?.scan_id);
    const path = `/api/v1/networkva/scan-configuration/${scan?.config_id}/scans/${scan?.id}/scan-endpoints/${se?.id}/findings/${finding?.id}/`;
    const r = await raw("PATCH", path, token, { status: "FIXING", message: "Patch scheduled" });
    expect(r.status).toBe(200);
    const saved = JSON.parse(storage.getItem(DB_STORAGE_KEY) ?? "{}") as {
      dataset: string;
      tables: Record<string, { upsert: Array<{ id: number }> }>;
    };
    expect(saved.dataset).toBe("large");
    expect(saved.tables.findings?.upsert.map((f) => f.id)).toEqual([finding?.id]);

    db.persist(true); // a reload
    selectDataset("large");
    expect(db.get().findings.find((f) => f.id === finding?.id)?.status).toBe("FIXING");
  });
});
