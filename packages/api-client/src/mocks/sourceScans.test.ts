import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import { now, setMockNow } from "./clock.ts";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

type S = components["schemas"];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterEach(() => setMockNow(null));
afterAll(() => server.close());

/** One of company 1's applications with no scan under way, and its first branch. */
function idleApp() {
  const d = db.get();
  const app = d.sourceApps.find((a) => {
    const asset = d.sourceAssets.find((x) => x.id === a.asset_id);
    const company = d.products.find((p) => p.id === asset?.product_id)?.company_id;
    return company === 1 && !d.sourceScans.some((s) => s.app_id === a.id && ["QUEUED", "SCANNING"].includes(s.status));
  });
  const branch = d.sourceAssets.find((x) => x.id === app?.asset_id)?.branches[0];
  if (!app || !branch) throw new Error("no idle source code application");
  return { id: app.id, branch };
}

const sourceBalance = () =>
  db
    .get()
    .creditTransactions.filter((t) => t.company_id === 1 && t.transaction_type === "SOURCECODE")
    .reduce((sum, t) => sum + t.amount, 0);

describe("source code scans in static mode", () => {
  it("runs a branch for 10 credits, moves it along with the clock, and refuses a second run of it", async () => {
    const admin = await signIn("admin@example.com");
    const { id, branch } = idleApp();
    const start = now();
    setMockNow(start);
    const before = sourceBalance();
    const run = await raw("POST", `/api/v1/sourcecode/applications/${id}/scan/`, admin, { branch });
    expect(run.status).toBe(201);
    const scan = run.body as S["SourceCodeScan"];
    expect(scan).toMatchObject({ status: "QUEUED", branch, failure_reason: null });
    expect(sourceBalance()).toBe(before - 10);

    const again = await raw("POST", `/api/v1/sourcecode/applications/${id}/scan/`, admin, { branch });
    expect(again.status).toBe(409);

    const statusAt = async (ms: number) => {
      setMockNow(start + ms);
      const list = (await raw("GET", `/api/v1/sourcecode/applications/${id}/scan/`, admin))
        .body as S["PagedSourceCodeScan"];
      return list.results.find((s) => s.id === scan.id)?.status;
    };
    expect(await statusAt(1_000)).toBe("QUEUED");
    expect(await statusAt(5_000)).toBe("SCANNING");
    expect(await statusAt(30_000)).toBe("DONE");
    // A finished scan cannot be aborted.
    expect((await raw("POST", `/api/v1/sourcecode/scans/${scan.id}/abort/`, admin)).status).toBe(409);
  });

  it("aborts as the server does: FAILED with who aborted it, refunded once; members are refused", async () => {
    const admin = await signIn("admin@example.com");
    const member = await signIn("member@example.com");
    const { id, branch } = idleApp();
    const before = sourceBalance();
    const scan = (await raw("POST", `/api/v1/sourcecode/applications/${id}/scan/`, admin, { branch }))
      .body as S["SourceCodeScan"];
    expect((await raw("POST", `/api/v1/sourcecode/scans/${scan.id}/abort/`, member)).status).toBe(403);
    const aborted = await raw("POST", `/api/v1/sourcecode/scans/${scan.id}/abort/`, admin);
    expect(aborted.body).toMatchObject({ status: "FAILED", failure_reason: "Aborted by admin@example.com." });
    expect((await raw("POST", `/api/v1/sourcecode/scans/${scan.id}/abort/`, admin)).status).toBe(409);
    expect(sourceBalance()).toBe(before);
  });

  it("refuses a branch the repository lacks, naming its branches", async () => {
    const admin = await signIn("admin@example.com");
    const { id } = idleApp();
    const res = await raw("POST", `/api/v1/sourcecode/applications/${id}/scan/`, admin, { branch: "release/9" });
    expect(res.status).toBe(400);
    expect(String((res.body as { branch: string[] }).branch[0])).toMatch(
      /^"release\/9" is not one of this repository's branches/,
    );
  });
});
