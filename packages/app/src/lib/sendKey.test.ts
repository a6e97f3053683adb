import { describe, expect, it } from "vitest";
import { draftSignature, keyForDraft, newIdempotencyKey } from "./sendKey.ts";

describe("send keys", () => {
  it("makes random v4 UUIDs", () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it("keeps the key for a retry of the same draft and makes a new one for an edited draft", () => {
    const file = new File(["x"], "scan.log", { type: "text/plain", lastModified: 1 });
    const first = keyForDraft(null, draftSignature({ message: "Hello" }, [file]));
    const retry = keyForDraft(first, draftSignature({ message: "Hello" }, [file]));
    expect(retry.key).toBe(first.key);
    expect(keyForDraft(first, draftSignature({ message: "Hello!" }, [file])).key).not.toBe(first.key);
    expect(keyForDraft(first, draftSignature({ message: "Hello" }, [])).key).not.toBe(first.key);
  });
});
