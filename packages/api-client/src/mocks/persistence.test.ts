import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_STORAGE_KEY, db, resetDemoData } from "./index.ts";
import { server } from "./node.ts";
import { MemoryStorage, raw, sendKey, signIn } from "./testing.ts";

const storage = new MemoryStorage();
const scope = globalThis as { window?: unknown };

beforeAll(() => {
  scope.window = { localStorage: storage };
  db.persist(true);
  server.listen({ onUnhandledFrame: "error" });
});
afterAll(() => {
  server.close();
  db.persist(false);
  delete scope.window;
  db.resetAll();
});

describe("browser persistence", () => {
  it("keeps writes and sessions across a reload until the demo data is reset", async () => {
    const token = await signIn("member@example.com");
    const ticket = db.get().tickets.find((t) => t.company_id === 1 && t.status !== "CLOSED");
    const form = new FormData();
    form.set("message", "Still there after a reload?");
    expect((await raw("POST", `/api/v1/ticket/${ticket?.id}/messages/`, token, form, sendKey())).status).toBe(201);

    const saved = storage.getItem(DB_STORAGE_KEY);
    expect(saved).not.toBeNull();
    // Only the difference from the seed is stored, not the ~3 MB data set.
    expect(saved?.length ?? 0).toBeLessThan(50_000);

    db.persist(true); // what a page reload does: state and sessions are read back from storage
    const after = await raw("GET", `/api/v1/ticket/${ticket?.id}/`, token);
    expect(after.status).toBe(200);
    const messages = (after.body as { messages: Array<{ message: string }> }).messages;
    expect(messages[messages.length - 1]?.message).toBe("Still there after a reload?");

    resetDemoData();
    expect(storage.getItem(DB_STORAGE_KEY)).toBeNull();
    const reset = await raw("GET", `/api/v1/ticket/${ticket?.id}/`, token);
    expect(reset.status).toBe(200);
    expect((reset.body as { messages: Array<{ message: string }> }).messages.map((m) => m.message)).not.toContain(
      "Still there after a reload?",
    );
  });

  it("keeps bulk changes and their batches across a reload, so a batch can be undone after it", async () => {
    resetDemoData();
    const token = await signIn("admin@example.com");
    const rows = db
      .get()
      .findings.filter((f) => f.company_id === 1 && f.status === "ACTIVE")
      .slice(0, 3);
    const ids = rows.map((f) => f.id);
    const bulk = await raw("POST", "/api/v1/findings/bulk-status/", token, {
      ids,
      versions: Object.fromEntries(rows.map((f) => [String(f.id), f.version])),
      status: "TOLERATED",
      reason: "Accepted for the pilot",
    });
    expect(bulk.status).toBe(200);
    const batch = (bulk.body as { batch_id: number }).batch_id;

    db.persist(true); // a reload
    const reloaded = db.get();
    expect(reloaded.findingBatches.map((b) => b.id)).toContain(batch);
    const after = reloaded.findings.filter((f) => ids.includes(f.id));
    expect(after.map((f) => [f.status, f.version])).toEqual(ids.map(() => ["TOLERATED", 2]));

    const undo = await raw("POST", `/api/v1/findings/batches/${batch}/undo/`, token);
    expect(undo.status).toBe(200);
    db.persist(true);
    const restored = db.get().findings.filter((f) => ids.includes(f.id));
    expect(restored.map((f) => f.status)).toEqual(ids.map(() => "ACTIVE"));
    expect(db.get().findingBatches.find((b) => b.id === batch)?.undone_by).toBe(
      (undo.body as { batch_id: number }).batch_id,
    );
    resetDemoData();
  });
});
