import { useRef } from "react";

/**
 * A random UUID (v4) for the contract's `Idempotency-Key`. `crypto.randomUUID` exists only in
 * secure contexts; `getRandomValues` everywhere, so a deployment on plain http still sends keys.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a send key is tied to: the draft's exact content. */
export interface SendKey {
  /** The draft it was made for (see {@link draftSignature}). */
  signature: string;
  key: string;
}

/**
 * A stable text for a draft's content: its fields and, for each file, what identifies it without
 * reading it. Two sends with the same signature are the same send.
 */
export function draftSignature(fields: Record<string, unknown>, files: readonly File[] = []): string {
  return JSON.stringify([fields, files.map((f) => [f.name, f.type, f.size, f.lastModified])]);
}

/**
 * The key for sending `signature`: the one already made for this very draft (a retry after a lost
 * or failed answer must reuse it, so the server answers once), else a new one. An edited draft is
 * a new send and gets a new key, since the server refuses a key reused for other content.
 */
export function keyForDraft(previous: SendKey | null, signature: string): SendKey {
  return previous?.signature === signature ? previous : { signature, key: newIdempotencyKey() };
}

/**
 * One `Idempotency-Key` per draft send: `take(signature)` before sending, `sent()` after success.
 * A retry of the same draft gets the same key; `restore` brings back the key of a saved draft.
 */
export function useSendKey() {
  const current = useRef<SendKey | null>(null);
  return {
    take(signature: string): SendKey {
      current.current = keyForDraft(current.current, signature);
      return current.current;
    },
    sent(): void {
      current.current = null;
    },
    restore(saved: SendKey | null): void {
      current.current = saved;
    },
  };
}
