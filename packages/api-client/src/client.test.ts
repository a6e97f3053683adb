import { QueryClient } from "@tanstack/react-query";
import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient, DEFAULT_REQUEST_TIMEOUT_MS, withTimeout } from "./client.ts";
import { ApiError } from "./errors.ts";
import { contractDocument } from "./mocks/contract.ts";
import { apiQueryKey, createApiQueries } from "./queries.ts";

const BASE = "https://api.example.test";
const server = setupServer();
const seen: Request[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

function recordAndReply(body: unknown, init?: ResponseInit) {
  return ({ request }: { request: Request }) => {
    seen.push(request.clone());
    return HttpResponse.json(body as Record<string, unknown>, init);
  };
}

const profile = { id: 7, email: "admin@example.com" };

describe("createApiClient", () => {
  it("sends a bearer token when one is stored", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, recordAndReply(profile)));
    const client = createApiClient({ baseUrl: BASE, getToken: () => "tok-123" });
    await client.GET("/api/v1/user/profile/");
    expect(seen[0]?.headers.get("Authorization")).toBe("Bearer tok-123");
  });

  it("sends no Authorization header without a token", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, recordAndReply(profile)));
    const client = createApiClient({ baseUrl: BASE, getToken: () => null });
    await client.GET("/api/v1/user/profile/");
    expect(seen[0]?.headers.has("Authorization")).toBe(false);
  });

  it("reads the token on every request, so sign-in needs no new client", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, recordAndReply(profile)));
    let token: string | null = null;
    const client = createApiClient({ baseUrl: BASE, getToken: () => token });
    await client.GET("/api/v1/user/profile/");
    token = "later";
    await client.GET("/api/v1/user/profile/");
    expect(seen.map((r) => r.headers.get("Authorization"))).toEqual([null, "Bearer later"]);
  });

  it("resolves paths against the configured base URL, ignoring a trailing slash", async () => {
    server.use(http.get("https://other.example.test/prefix/api/v1/user/profile/", recordAndReply(profile)));
    const client = createApiClient({ baseUrl: "https://other.example.test/prefix/" });
    const { data } = await client.GET("/api/v1/user/profile/");
    expect(seen[0]?.url).toBe("https://other.example.test/prefix/api/v1/user/profile/");
    expect(data).toMatchObject(profile);
  });

  it("treats every 2xx status as success", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, recordAndReply(profile, { status: 203 })));
    const client = createApiClient({ baseUrl: BASE });
    const { data } = await client.GET("/api/v1/user/profile/");
    expect(data).toMatchObject(profile);
  });

  it("calls onUnauthorized for a 401 and rejects with an ApiError", async () => {
    server.use(
      http.get(`${BASE}/api/v1/user/profile/`, () =>
        HttpResponse.json({ detail: "Token is invalid or expired" }, { status: 401 }),
      ),
    );
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: BASE, getToken: () => "stale", onUnauthorized });
    const failure = client.GET("/api/v1/user/profile/");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: "Token is invalid or expired" });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
  });

  it("on a 401 refreshes once and sends the request again with the new token; concurrent 401s share the refresh", async () => {
    let token = "expired";
    server.use(
      http.post(`${BASE}/api/v1/findings/bulk-status/`, async ({ request }) => {
        seen.push(request.clone());
        return request.headers.get("Authorization") === "Bearer fresh"
          ? HttpResponse.json({ echoed: await request.json() })
          : HttpResponse.json({ detail: "Token is invalid or expired" }, { status: 401 });
      }),
    );
    const refreshSession = vi.fn(async () => {
      await delay(10);
      token = "fresh";
      return true;
    });
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: BASE, getToken: () => token, refreshSession, onUnauthorized });
    const send = (n: number) =>
      client.POST("/api/v1/findings/bulk-status/", { body: { ids: [n], status: "FIXING" } as never });
    const [a, b] = await Promise.all([send(1), send(2)]);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    // The retried request carries its original body, read again from the copy.
    expect([a.data, b.data]).toEqual([
      { echoed: { ids: [1], status: "FIXING" } },
      { echoed: { ids: [2], status: "FIXING" } },
    ]);
    expect(seen.map((r) => r.headers.get("Authorization"))).toEqual([
      "Bearer expired",
      "Bearer expired",
      "Bearer fresh",
      "Bearer fresh",
    ]);
  });

  it("signs out (onUnauthorized) only when the refresh fails, and never refreshes a request sent without a token", async () => {
    server.use(
      http.get(`${BASE}/api/v1/user/profile/`, () =>
        HttpResponse.json({ detail: "Token is invalid or expired" }, { status: 401 }),
      ),
      http.post(`${BASE}/api/v1/auth/login/`, () => HttpResponse.json({ detail: "No" }, { status: 401 })),
    );
    const refreshSession = vi.fn(async () => false);
    const onUnauthorized = vi.fn();
    let token: string | null = "expired";
    const client = createApiClient({ baseUrl: BASE, getToken: () => token, refreshSession, onUnauthorized });
    await expect(client.GET("/api/v1/user/profile/")).rejects.toMatchObject({ status: 401 });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    token = null;
    await expect(client.POST("/api/v1/auth/login/", { body: { email: "a@b.c", password: "x" } })).rejects.toMatchObject(
      { status: 401 },
    );
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it("does not call onUnauthorized for other errors", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, () => HttpResponse.json({ detail: "No" }, { status: 403 })));
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: BASE, onUnauthorized });
    await expect(client.GET("/api/v1/user/profile/")).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("carries a Django REST field-error body on a 400", async () => {
    server.use(
      http.post(`${BASE}/api/v1/auth/login/`, () =>
        HttpResponse.json(
          { email: ["Enter a valid email address."], non_field_errors: ["Unable to log in."] },
          { status: 400 },
        ),
      ),
    );
    const client = createApiClient({ baseUrl: BASE });
    const error = await client
      .POST("/api/v1/auth/login/", { body: { email: "x", password: "y" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.fieldErrors()).toEqual({ email: "Enter a valid email address." });
    expect(apiError.formError()).toBe("Unable to log in.");
  });

  it("keeps the status when the error body is not JSON", async () => {
    server.use(
      http.get(`${BASE}/api/v1/user/profile/`, () => new HttpResponse("<h1>Bad gateway</h1>", { status: 502 })),
    );
    const client = createApiClient({ baseUrl: BASE });
    const error = (await client.GET("/api/v1/user/profile/").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.body).toBeUndefined();
    expect(error.message).toBe("Request failed with status 502.");
  });

  it("turns a network failure into an ApiError with status 0", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, () => HttpResponse.error()));
    const client = createApiClient({ baseUrl: BASE });
    const error = (await client.GET("/api/v1/user/profile/").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
  });

  it("turns a success body that is not JSON into an ApiError", async () => {
    server.use(
      http.get(
        `${BASE}/api/v1/user/profile/`,
        () => new HttpResponse('{"results": [', { status: 200, headers: { "Content-Type": "application/json" } }),
      ),
    );
    const client = createApiClient({ baseUrl: BASE });
    const error = (await client.GET("/api/v1/user/profile/").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, kind: "unreadable", isNetworkError: false });
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(error.message).toBe("The server's answer could not be read.");
  });

  it("gives up after timeoutMs with a timeout ApiError", async () => {
    server.use(
      http.get(`${BASE}/api/v1/user/profile/`, async () => {
        await delay("infinite");
        return HttpResponse.json(profile);
      }),
    );
    const client = createApiClient({ baseUrl: BASE, timeoutMs: 50 });
    const started = Date.now();
    const error = (await client.GET("/api/v1/user/profile/").catch((e: unknown) => e)) as ApiError;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, kind: "timeout", isTimeout: true, isNetworkError: false });
    expect(error.message).toBe("The server did not answer in time.");
  });

  it("does not time out a response that arrives in time, and keeps the caller's abort", async () => {
    server.use(
      http.get(`${BASE}/api/v1/user/profile/`, async () => {
        await delay(20);
        return HttpResponse.json(profile);
      }),
    );
    const client = createApiClient({ baseUrl: BASE, timeoutMs: 2_000 });
    await expect(client.GET("/api/v1/user/profile/")).resolves.toMatchObject({ data: profile });

    server.use(
      http.get(`${BASE}/api/v1/user/profile/`, async () => {
        await delay("infinite");
        return HttpResponse.json(profile);
      }),
    );
    const controller = new AbortController();
    const pending = client.GET("/api/v1/user/profile/", { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = (await pending) as ApiError;
    expect(error).toMatchObject({ status: 0, kind: "network" });
  });

  it("uses a 30 s limit by default, and none for 0", async () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
    vi.useFakeTimers();
    try {
      const never = () => new Promise<Response>(() => {});
      const limited = withTimeout(never, DEFAULT_REQUEST_TIMEOUT_MS)(`${BASE}/x`);
      const outcome = limited.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS - 1);
      let settled = false;
      void outcome.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ name: "TimeoutError" });
      expect(withTimeout(never, 0)).toBe(never);
    } finally {
      vi.useRealTimers();
    }
  });

  it("serialises query parameters as documented", async () => {
    server.use(http.get(`${BASE}/api/v1/company/:id/member/`, recordAndReply({})));
    const client = createApiClient({ baseUrl: BASE });
    await client.GET("/api/v1/company/{id}/member/", {
      params: { path: { id: 4 }, query: { page: 2, limit: 10, search: "ana lee" } },
    });
    const url = new URL(seen[0]?.url ?? "");
    expect(url.pathname).toBe("/api/v1/company/4/member/");
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: "2", limit: "10", search: "ana lee" });
  });

  it("omits query parameters that are undefined", async () => {
    server.use(http.get(`${BASE}/api/v1/ticket/`, recordAndReply({})));
    const client = createApiClient({ baseUrl: BASE });
    await client.GET("/api/v1/ticket/", { params: { query: { status: "UNREAD", page: 1, search: undefined } } });
    const url = new URL(seen[0]?.url ?? "");
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: "UNREAD", page: "1" });
  });
});

describe("ids the API cannot accept", () => {
  it.each([
    ["0", 0],
    ["a negative id", -3],
    ["a fraction", 1.5],
    ["NaN", Number.NaN],
    ["an unsafe integer", 2 ** 53],
  ])("fails a call whose path id is %s at once with the API's 404, without sending it", async (_what, id) => {
    server.use(http.get(`${BASE}/api/v1/company/:id/`, recordAndReply({ id })));
    const client = createApiClient({ baseUrl: BASE });
    const error = await client.GET("/api/v1/company/{id}/", { params: { path: { id } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { detail: "Not found." } });
    expect(seen).toEqual([]);
  });

  it("checks integer query parameters (ids, pages, sizes) too, and leaves text alone", async () => {
    server.use(
      http.get(`${BASE}/api/v1/webapp/applications/`, recordAndReply({})),
      http.get(`${BASE}/api/v1/ticket/`, recordAndReply({})),
    );
    const client = createApiClient({ baseUrl: BASE });
    const list = (query: { page?: number; company?: number }) =>
      client.GET("/api/v1/webapp/applications/", { params: { query } }).catch((e: unknown) => e);
    expect(await list({ company: -1 })).toMatchObject({ status: 404 });
    expect(await list({ page: 0 })).toMatchObject({ status: 404 });
    expect(seen).toEqual([]);
    await list({ company: 1, page: 1 });
    await client.GET("/api/v1/ticket/", { params: { query: { search: "0", page: 1 } } });
    expect(seen.map((r) => new URL(r.url).search)).toEqual(["?company=1&page=1", "?search=0&page=1"]);
  });

  it("settles a query for such an id as not found instead of leaving it pending", async () => {
    const client = createApiClient({ baseUrl: BASE });
    const queries = createApiQueries(() => client);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = queries.queryOptions("/api/v1/company/{id}/", { params: { path: { id: 0 } } });
    await expect(queryClient.fetchQuery(options)).rejects.toMatchObject({ name: "ApiError", status: 404 });
    expect(queryClient.getQueryState(options.queryKey)?.status).toBe("error");
  });

  it("holds for the contract: path parameters are integers from 1, and no integer parameter allows less", () => {
    type Parameter = { $ref?: string; name?: string; in?: string; schema?: { type?: unknown; minimum?: number } };
    const doc = contractDocument() as unknown as {
      paths: Record<string, Record<string, { parameters?: Parameter[] } | Parameter[]>>;
      components: { parameters: Record<string, Parameter> };
    };
    const resolve = (p: Parameter) => (p.$ref ? doc.components.parameters[p.$ref.split("/").pop() ?? ""] : p) ?? p;
    const parameters: Parameter[] = Object.values(doc.components.parameters);
    for (const item of Object.values(doc.paths)) {
      for (const [key, value] of Object.entries(item)) {
        const list =
          key === "parameters" ? (value as Parameter[]) : ((value as { parameters?: Parameter[] }).parameters ?? []);
        parameters.push(...list.map(resolve));
      }
    }
    const wrong = parameters
      .filter((p) =>
        p.in === "path"
          ? p.schema?.type !== "integer" || p.schema.minimum !== 1
          : p.schema?.type === "integer" && p.schema.minimum !== undefined && p.schema.minimum < 1,
      )
      .map((p) => `${p.in} ${p.name}`);
    expect(parameters.some((p) => p.in === "path")).toBe(true);
    expect(wrong).toEqual([]);
  });
});

describe("createApiQueries", () => {
  it("keys a query by method, path and init, and resolves to the body", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, recordAndReply(profile)));
    const client = createApiClient({ baseUrl: BASE });
    const queries = createApiQueries(() => client);
    const options = queries.queryOptions("/api/v1/user/profile/");
    expect(options.queryKey).toEqual(apiQueryKey("/api/v1/user/profile/"));
    const data = await new QueryClient().fetchQuery(options);
    expect(data).toMatchObject(profile);
  });

  it("rejects a query with the ApiError", async () => {
    server.use(http.get(`${BASE}/api/v1/user/profile/`, () => HttpResponse.json({ detail: "Gone" }, { status: 404 })));
    const client = createApiClient({ baseUrl: BASE });
    const queries = createApiQueries(() => client);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(queries.queryOptions("/api/v1/user/profile/"))).rejects.toMatchObject({
      name: "ApiError",
      status: 404,
    });
  });

  it("sends a mutation's body with its method", async () => {
    server.use(
      http.post(`${BASE}/api/v1/ticket/:id/messages/`, async ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const client = createApiClient({ baseUrl: BASE });
    const send = createApiQueries(() => client).mutationFn("post", "/api/v1/ticket/{id}/messages/");
    await send({ params: { path: { id: 9 } }, body: { message: "Hello" } } as Parameters<typeof send>[0]);
    expect(seen[0]?.method).toBe("POST");
    expect(new URL(seen[0]?.url ?? "").pathname).toBe("/api/v1/ticket/9/messages/");
  });
});
