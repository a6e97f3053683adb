import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import { setMockNow } from "./clock.ts";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

type WebScan = components["schemas"]["WebScan"];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterEach(() => setMockNow(null));
afterAll(() => server.close());

/** An application of the demo admin's company with no scan queued or running. */
function idleApp(): number {
  const d = db.get();
  const app = d.webApps.find(
    (a) =>
      d.products.find((p) => p.id === d.webAssets.find((w) => w.id === a.asset_id)?.product_id)?.company_id === 1 &&
      !d.webScans.some((s) => s.app_id === a.id && (s.status === "QUEUED" || s.status === "RUNNING")),
  );
  if (!app) throw new Error("no idle web application");
  return app.id;
}

const balance = () =>
  db
    .get()
    .creditTransactions.filter((t) => t.company_id === 1 && t.transaction_type === "APPLICATIONVA")
    .reduce((sum, t) => sum + t.amount, 0);

describe("web application scans in static mode", () => {
  it("runs a scan that the clock moves from queued through running to completed, for 10 credits", async () => {
    const start = Date.parse("2026-11-30T10:00:00Z");
    setMockNow(start);
    const admin = await signIn("admin@example.com");
    const appId = idleApp();
    const before = balance();
    const run = await raw("POST", `/api/v1/webapp/applications/${appId}/scan/`, admin);
    expect(run.status).toBe(201);
    const scan = run.body as WebScan;
    expect(scan.target_detail).toMatchObject({ status: "QUEUED", progress: 0, start_time: null, end_time: null });
    expect(balance()).toBe(before - 10);

    const read = async () =>
      ((await raw("GET", `/api/v1/webapp/scans/${scan.id}/`, admin)).body as WebScan).target_detail;
    setMockNow(start + 12_000);
    expect(await read()).toMatchObject({ status: "RUNNING", progress: 50, start_time: "2026-11-30T10:00:02.000Z" });
    setMockNow(start + 30_000);
    expect(await read()).toMatchObject({ status: "COMPLETED", progress: 100, end_time: "2026-11-30T10:00:22.000Z" });
    // Completed: no refund.
    expect(balance()).toBe(before - 10);
  });

  it("aborts a running scan once, refunding its price, and refuses what the server refuses", async () => {
    const admin = await signIn("admin@example.com");
    const member = await signIn("member@example.com");
    const appId = idleApp();
    const before = balance();
    const run = await raw("POST", `/api/v1/webapp/applications/${appId}/scan/`, admin);
    const scanId = (run.body as WebScan).id;
    expect((await raw("POST", `/api/v1/webapp/applications/${appId}/scan/`, admin)).status).toBe(409);
    expect((await raw("POST", `/api/v1/webapp/scans/${scanId}/abort/`, member)).status).toBe(403);
    const abort = await raw("POST", `/api/v1/webapp/scans/${scanId}/abort/`, admin);
    expect(abort.status).toBe(200);
    expect((abort.body as WebScan).target_detail).toMatchObject({
      status: "ABORTED",
      failure_reason: "Aborted by admin@example.com.",
    });
    expect(balance()).toBe(before);
    const again = await raw("POST", `/api/v1/webapp/scans/${scanId}/abort/`, admin);
    expect(again).toEqual({
      status: 409,
      body: { detail: "This scan has already ended (aborted); there is nothing to abort." },
    });
    expect(balance()).toBe(before);
  });
});
