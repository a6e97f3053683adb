import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_STORAGE_KEY, db, resetDemoData } from "./index.ts";
import { server } from "./node.ts";
import { raw, sendKey, signIn } from "./testing.ts";

/** A localStorage stand-in: static mode only persists where `window.localStorage` exists. */
class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

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
});
