import { HttpResponse, type JsonBodyType } from "msw";
import { DAY, iso, now } from "./clock.ts";
import { getDb, newId } from "./db.ts";

/**
 * The contract's `Idempotency-Key` on sends (a ticket, a ticket reply). When the answer to a send is
 * lost after the server stored it, the client retries with the same key, and the retry gets the first
 * answer back instead of a second copy. Per user, a key is remembered for 24 hours with the request it
 * came with and its success answer:
 * - same key, same request: the stored answer again (same status and body), nothing new is stored;
 * - same key, another request: 422, since replaying would answer for something else;
 * - same key while the first is still being handled: 409;
 * - a failed request (4xx, 5xx) is not remembered, so a corrected retry is handled afresh.
 */

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_LIFETIME_MS = DAY;
const MAX_KEY_LENGTH = 255;

/** cyrb53: a fast 53-bit string hash. The fingerprint only has to tell requests apart, not resist attack. */
function hash(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * What the request asks for, independent of how it was encoded: a multipart body's boundary differs
 * on every send, so fields and files are read, not the raw bytes.
 */
export async function requestFingerprint(request: Request): Promise<string> {
  const type = request.headers.get("Content-Type") ?? "";
  const parts: string[] = [];
  if (type.includes("multipart/form-data")) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    for (const [name, value] of form?.entries() ?? []) {
      if (typeof value === "string") parts.push(`${name}=${value}`);
      else {
        const bytes = new Uint8Array(await value.arrayBuffer());
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        parts.push(`${name}=file:${value.name}:${value.type}:${value.size}:${hash(binary)}`);
      }
    }
  } else {
    parts.push(await request.clone().text());
  }
  return hash(JSON.stringify(parts));
}

const inFlight = new Set<string>();

function error(status: number, detail: string): Response {
  return HttpResponse.json({ detail }, { status });
}

/**
 * Runs `handle` at most once per (user, key) and answers a retry with the remembered result. `target`
 * names the operation on its resource (`POST /api/v1/ticket/4/messages/`).
 */
export async function idempotent(
  request: Request,
  userId: number,
  target: string,
  handle: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null || key.trim() === "") return error(400, `The ${IDEMPOTENCY_HEADER} header is required.`);
  if (key.length > MAX_KEY_LENGTH) {
    return error(400, `The ${IDEMPOTENCY_HEADER} header must be at most ${MAX_KEY_LENGTH} characters.`);
  }
  const db = getDb();
  const at = now();
  db.idempotencyKeys = db.idempotencyKeys.filter((k) => at - Date.parse(k.created_at) < KEY_LIFETIME_MS);

  const slot = `${userId} ${key}`;
  if (inFlight.has(slot)) return error(409, "A request with this Idempotency-Key is still being handled.");
  const fingerprint = await requestFingerprint(request);
  const seen = db.idempotencyKeys.find((k) => k.user_id === userId && k.key === key);
  if (seen) {
    if (seen.target !== target || seen.fingerprint !== fingerprint) {
      return error(422, "This Idempotency-Key was already used with a different request.");
    }
    return HttpResponse.json(seen.body as JsonBodyType, { status: seen.status });
  }

  inFlight.add(slot);
  try {
    const response = await handle();
    if (response.ok) {
      db.idempotencyKeys.push({
        id: newId("idempotencyKeys"),
        user_id: userId,
        key,
        target,
        fingerprint,
        status: response.status,
        body: await response.clone().json(),
        created_at: iso(at),
      });
    }
    return response;
  } finally {
    inFlight.delete(slot);
  }
}
