import { afterAll, beforeAll } from "vitest";
import { type TestServer, testServer } from "./harness.ts";

/** Where the comparing tests reach static mode (msw answers fetch to any host; this one names it). */
export const STATIC_BASE = "https://api.example.test";
/** Static mode's node server, loaded by name at run time (its modules are not type-checked here). */
const STATIC_MODE_NODE: string = "@sentinel/api-client/mocks/node";

export interface ServerBesideStaticMode<W extends string> {
  /** The server on its own copy of the demo database (there from `beforeAll` on). */
  readonly server: TestServer;
  /** Each account's access token on the server. */
  readonly tokens: Record<W, string>;
  /** Each account's access token in static mode. */
  readonly mockTokens: Record<W, string>;
}

/**
 * For tests that ask the server and static mode the same questions: starts both before the file's
 * tests (and stops them after), and signs each of `accounts` in to both with the demo password.
 */
export function serverBesideStaticMode<W extends string>(accounts: Record<W, string>): ServerBesideStaticMode<W> {
  let staticMode: { listen(): void; close(): void } | undefined;
  let server: TestServer | undefined;
  const tokens = {} as Record<W, string>;
  const mockTokens = {} as Record<W, string>;

  beforeAll(async () => {
    staticMode = ((await import(STATIC_MODE_NODE)) as { server: { listen(): void; close(): void } }).server;
    staticMode.listen();
    server = await testServer();
    for (const [who, email] of Object.entries(accounts) as Array<[W, string]>) {
      tokens[who] = (await server.signIn(email)).access;
      const res = await fetch(`${STATIC_BASE}/api/v1/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "demo" }),
      });
      mockTokens[who] = ((await res.json()) as { access: string }).access;
    }
  });
  afterAll(async () => {
    staticMode?.close();
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error("The server starts in beforeAll; use it inside a test or hook.");
      return server;
    },
    tokens,
    mockTokens,
  };
}
