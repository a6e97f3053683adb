import { type ApiClient, createApiClient } from "../client.ts";

/** Helpers shared by the mocks' node tests (not part of the package's public surface). */

export const BASE = "https://api.example.test";

export async function signIn(email: string, password = "demo"): Promise<string> {
  const response = await fetch(`${BASE}/api/v1/auth/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access?: string };
  if (!response.ok || !body.access) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  return body.access;
}

export function clientFor(token: string | null): ApiClient {
  return createApiClient({ baseUrl: BASE, getToken: () => token });
}

export interface LooseInit {
  params?: {
    path?: Record<string, number>;
    query?: Record<string, string | number>;
    header?: Record<string, string>;
  };
  body?: unknown;
  bodySerializer?: (body: unknown) => unknown;
}

/** `client.request` without the per-path typing, for tests that walk every operation from the YAML. */
export function requestLoose(
  client: ApiClient,
  method: string,
  path: string,
  init: LooseInit = {},
): Promise<{ data?: unknown; response: Response }> {
  const request = client.request as unknown as (
    m: string,
    p: string,
    i: LooseInit,
  ) => Promise<{ data?: unknown; response: Response }>;
  return request(method, path, init);
}

/** A fresh `Idempotency-Key` header for a send (ticket, ticket reply). */
export const sendKey = (): Record<string, string> => ({ "Idempotency-Key": crypto.randomUUID() });

/** Plain fetch with a bearer token (status and body, no client error handling). */
export async function raw(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${BASE}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: parsed };
}

/** A localStorage stand-in for node tests: static mode only persists where `window.localStorage` exists. */
export class MemoryStorage {
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
