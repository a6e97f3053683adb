import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../client.ts";
import { ApiError } from "../errors.ts";
import { activeFault, FAULTS_STORAGE_KEY, findFault, parseFaults, parseFuzzSeed, setFaultSource } from "./faults.ts";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { BASE, signIn } from "./testing.ts";

describe("parseFaults and findFault", () => {
  it("matches a method and contract path exactly, or any method without one", () => {
    const rules = parseFaults(JSON.stringify({ "GET /api/v1/ticket/": "500", "/api/v1/ticket/{id}/": "404" }));
    expect(findFault(rules, "get", "/api/v1/ticket/")).toBe("500");
    expect(findFault(rules, "post", "/api/v1/ticket/")).toBeNull();
    expect(findFault(rules, "get", "/api/v1/ticket/{id}/")).toBe("404");
    expect(findFault(rules, "patch", "/api/v1/ticket/{id}/")).toBe("404");
    expect(findFault(rules, "get", "/api/v1/ticket/{id}/messages/")).toBeNull();
  });

  it("treats * as any run of characters, and takes the first matching key", () => {
    const rules = parseFaults(
      JSON.stringify({ "GET /api/v1/user/profile/": "pass", "get /api/v1/*": "fuzz", "*": "network" }),
    );
    expect(findFault(rules, "get", "/api/v1/user/profile/")).toBeNull();
    expect(findFault(rules, "get", "/api/v1/networkva/scan-configuration/{id}/")).toBe("fuzz");
    expect(findFault(rules, "post", "/api/v1/ticket/")).toBe("network");
  });

  it("does not treat regular-expression characters in a path as patterns", () => {
    const rules = parseFaults(JSON.stringify({ "/api/v1/a.b/": "500" }));
    expect(findFault(rules, "get", "/api/v1/a.b/")).toBe("500");
    expect(findFault(rules, "get", "/api/v1/axb/")).toBeNull();
  });

  it("accepts every kind, statuses as strings or numbers", () => {
    const kinds = ["403", 404, "500", "network", "timeout", "malformed", "fuzz", "pass"];
    const rules = parseFaults(JSON.stringify(Object.fromEntries(kinds.map((k, i) => [`/p${i}/`, k]))));
    expect(rules.map((r) => r.kind)).toEqual(kinds.map(String));
  });

  it("skips what it cannot use, with a warning, and never throws", () => {
    const warn = vi.fn();
    expect(parseFaults("{not json", warn)).toEqual([]);
    expect(parseFaults("[1]", warn)).toEqual([]);
    const rules = parseFaults(
      JSON.stringify({ "/a/": "explode", "/b/": 200, "/c/": "600", "FETCH /d/": "500", "/e/": "503" }),
      warn,
    );
    expect(rules.map((r) => r.kind)).toEqual(["503"]);
    expect(warn).toHaveBeenCalledTimes(6);
    expect(parseFaults(null)).toEqual([]);
    expect(parseFaults("")).toEqual([]);
  });

  it("reads the fuzz seed as an integer, 1 by default", () => {
    expect(parseFuzzSeed("17")).toBe(17);
    expect(parseFuzzSeed(null)).toBe(1);
    expect(parseFuzzSeed("x")).toBe(1);
  });
});

describe("the hook in the handlers", () => {
  let faults: string | null = null;
  let seed: string | null = null;
  let token = "";

  beforeAll(async () => {
    server.listen({ onUnhandledFrame: "error" });
    db.resetAll();
    token = await signIn("admin@example.com");
  });
  afterEach(() => {
    faults = null;
    seed = null;
  });
  afterAll(() => {
    setFaultSource(null);
    server.close();
  });

  const client = (timeoutMs = 2_000) => createApiClient({ baseUrl: BASE, getToken: () => token, timeoutMs });
  const fail = async (timeoutMs?: number) =>
    (await client(timeoutMs)
      .GET("/api/v1/ticket/")
      .then(
        () => null,
        (e: unknown) => e,
      )) as ApiError | null;

  it("is off until a source is set, so node tests and stories never see faults", async () => {
    setFaultSource(null);
    expect(activeFault("get", "/api/v1/ticket/")).toBeNull();
    await expect(client().GET("/api/v1/ticket/")).resolves.toMatchObject({ response: { status: 200 } });
  });

  it("answers each kind the way the client reports it", async () => {
    setFaultSource(() => ({ faults, seed }));
    const expectations: Array<[string, Partial<ApiError>]> = [
      ["403", { status: 403, kind: "http", message: "You do not have permission to perform this action." }],
      ["404", { status: 404, kind: "http" }],
      ["500", { status: 500, kind: "http" }],
      ["network", { status: 0, kind: "network" }],
      ["malformed", { status: 0, kind: "unreadable" }],
    ];
    for (const [kind, expected] of expectations) {
      faults = JSON.stringify({ "GET /api/v1/ticket/": kind });
      const error = await fail();
      expect(error, kind).toBeInstanceOf(ApiError);
      expect(error, kind).toMatchObject(expected);
    }
  });

  it("never answers a timeout fault, so the client's time limit gives up", async () => {
    setFaultSource(() => ({ faults, seed }));
    faults = JSON.stringify({ "GET /api/v1/ticket/": "timeout" });
    const started = Date.now();
    const error = await fail(100);
    expect(error).toMatchObject({ status: 0, kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers fuzz with a seeded body, and reads changes on the next call", async () => {
    setFaultSource(() => ({ faults, seed }));
    faults = JSON.stringify({ "GET /api/v1/ticket/": "fuzz" });
    seed = "5";
    const first = await client().GET("/api/v1/ticket/");
    const again = await client().GET("/api/v1/ticket/");
    expect(first.data).toEqual(again.data);
    seed = "6";
    const other = await client().GET("/api/v1/ticket/");
    expect(other.data).not.toEqual(first.data);
    faults = null;
    const real = await client().GET("/api/v1/ticket/");
    expect(real.data?.results.length).toBeGreaterThan(0);
  });

  it("uses the documented storage key", () => {
    expect(FAULTS_STORAGE_KEY).toBe("sentinel.static.faults");
  });
});
