import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bulkConflictOf, versionConflictOf } from "./findings.ts";
import { db } from "./mocks/index.ts";
import { server } from "./mocks/node.ts";
import { clientFor, signIn } from "./mocks/testing.ts";
import { createApiQueries } from "./queries.ts";

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());
beforeEach(() => db.resetAll());

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("typed bulk calls and their conflicts", () => {
  it("reads a bulk change's 409 and a per-finding 409, and nothing else, as conflicts", async () => {
    const token = await signIn("admin@example.com");
    const calls = createApiQueries(() => clientFor(token));
    const bulk = calls.mutationFn("post", "/api/v1/findings/bulk-status/");
    const active = db.get().findings.filter((f) => f.company_id === 1 && f.status === "ACTIVE");

    const ok = await bulk({
      body: { filter: { status: ["ACTIVE"] }, expected_count: active.length, status: "FIXING" },
    });
    expect(ok?.updated).toBe(active.length);
    const undo = calls.mutationFn("post", "/api/v1/findings/batches/{batch_id}/undo/");
    expect((await undo({ params: { path: { batch_id: ok?.batch_id ?? 0 } } }))?.undoes).toBe(ok?.batch_id);

    const count = await rejection(
      bulk({ body: { filter: { status: ["ACTIVE"] }, expected_count: 1, status: "FIXING" } }),
    );
    expect(bulkConflictOf(count)).toMatchObject({ code: "count_changed", current_count: active.length });
    expect(versionConflictOf(count)).toBeNull();

    const f = db.get().findings.find((x) => x.company_id === 1 && x.area === "threat");
    const patch = calls.mutationFn("patch", "/api/v1/threat-inspection/scan-configuration/findings/{id}/");
    const stale = await rejection(
      patch({ params: { path: { id: f?.id ?? 0 } }, body: { status: "MITIGATED", message: "x", version: 99 } }),
    );
    expect(versionConflictOf(stale)?.current.id).toBe(f?.id);
    expect(bulkConflictOf(stale)).toBeNull();

    const invalid = await rejection(bulk({ body: { status: "TOLERATED", ids: [1], versions: { "1": 1 } } }));
    expect(bulkConflictOf(invalid)).toBeNull();
  });
});
