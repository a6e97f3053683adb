/**
 * Static mode's runtime, for the server tests that compare the server's answers with it: msw handlers
 * over the same seed. Its modules are written for the browser (`window`, `?raw` imports), outside
 * what this package's type check (Node only) can read, so they are loaded by a computed specifier,
 * with the little used here typed by hand.
 */
interface StaticMode {
  demoToken(email: string): string;
  db: { resetAll(): void };
}
interface StaticModeServer {
  server: { listen(options: { onUnhandledFrame: "error" }): void; close(): void };
}
const runtime = async <T>(specifier: string): Promise<T> => (await import(/* @vite-ignore */ specifier)) as T;
const staticMode = await runtime<StaticMode>(["@sentinel/api-client", "mocks"].join("/"));
const { server: mockServer } = await runtime<StaticModeServer>(["@sentinel/api-client", "mocks", "node"].join("/"));

/** Where static mode answers (msw intercepts fetch to any host; this one names it). */
const MOCK_BASE = "https://static.example.test";

export type Json = Record<string, unknown>;

/** Starts answering on fresh demo data (call in beforeAll); the returned function stops it. */
export function startStaticMode(): () => void {
  mockServer.listen({ onUnhandledFrame: "error" });
  staticMode.db.resetAll();
  return () => mockServer.close();
}

/** A request to static mode as the demo account `email`: its status and parsed JSON body (null when empty). */
export async function callStatic(email: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${MOCK_BASE}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${staticMode.demoToken(email)}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? null : (JSON.parse(text) as Json) };
}
