import { describe, expect, it } from "vitest";
import { createDraftStore, type DraftStorageLike, draftsStorageKey } from "./drafts.ts";

function memory(): DraftStorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const parseMessage = (fields: unknown) =>
  typeof fields === "object" && fields !== null && typeof (fields as { message?: unknown }).message === "string"
    ? { message: (fields as { message: string }).message }
    : null;

const draft = (user: number, message: string, savedAt = 1_000) => ({
  user,
  fields: { message },
  fileNames: ["scan.log"],
  sendKey: { signature: "sig", key: "key-1" },
  savedAt,
});

describe("draft store", () => {
  it("gives a user back their draft, file names and send key, until it is discarded", () => {
    const store = createDraftStore(memory(), () => 2_000);
    store.save("ticket-reply:4", draft(7, "Half a thought"));
    expect(store.load("ticket-reply:4", 7, parseMessage)).toEqual(draft(7, "Half a thought"));
    store.discard("ticket-reply:4");
    expect(store.load("ticket-reply:4", 7, parseMessage)).toBeNull();
  });

  it("never shows one user's draft to another, and deletes it on sight", () => {
    const storage = memory();
    const store = createDraftStore(storage, () => 2_000);
    store.save("new-ticket", draft(7, "Private"));
    expect(store.load("new-ticket", 8, parseMessage)).toBeNull();
    expect(storage.items.has(draftsStorageKey)).toBe(false);
  });

  it("drops what does not parse or is too old, and Log Out drops everything", () => {
    const storage = memory();
    const week = 7 * 24 * 60 * 60 * 1000;
    const store = createDraftStore(storage, () => 1_000 + week + 1);
    storage.setItem(
      draftsStorageKey,
      JSON.stringify({ a: { user: 7, fields: { message: 3 }, fileNames: [], savedAt: 1 } }),
    );
    expect(store.load("a", 7, parseMessage)).toBeNull();
    store.save("old", draft(7, "Last week"));
    expect(store.load("old", 7, parseMessage)).toBeNull();
    store.save("b", draft(7, "x", 1_000 + week));
    store.discardAll();
    expect(storage.items.size).toBe(0);
  });

  it("survives storage that is malformed or throws", () => {
    const storage = memory();
    storage.setItem(draftsStorageKey, "{not json");
    expect(createDraftStore(storage).load("a", 1, parseMessage)).toBeNull();
    const throwing: DraftStorageLike = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    const store = createDraftStore(throwing);
    expect(() => store.save("a", draft(1, "x"))).not.toThrow();
    expect(store.load("a", 1, parseMessage)).toBeNull();
    expect(() => store.discardAll()).not.toThrow();
  });
});
