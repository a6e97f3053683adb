import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { demoToken, mockEmptyList, mockError, mockLoading, mockMalformedJson, mockNetworkError } from "./index.ts";
import { server } from "./node.ts";
import { BASE, clientFor } from "./testing.ts";

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () => clientFor(demoToken());

describe("story and test overrides", () => {
  it("mockError answers the status with a DRF body", async () => {
    server.use(mockError("get", "/api/v1/ticket/{id}/", 403));
    const error = await client()
      .GET("/api/v1/ticket/{id}/", { params: { path: { id: 1 } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).body).toEqual({ detail: "You do not have permission to perform this action." });
  });

  it("mockEmptyList answers a valid empty page", async () => {
    server.use(mockEmptyList("/api/v1/ticket/"));
    const { data } = await client().GET("/api/v1/ticket/", { params: { query: { status: "UNREAD" } } });
    expect(data).toMatchObject({ count: 0, results: [], current_page: 1, total_pages: 0, next: null, previous: null });
    expect(data?.base_link).toBe(`${BASE}/api/v1/ticket/?status=UNREAD`);
  });

  it("mockNetworkError makes the request fail with status 0", async () => {
    server.use(mockNetworkError("get", "/api/v1/user/profile/"));
    const error = await client()
      .GET("/api/v1/user/profile/")
      .catch((e: unknown) => e);
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it("mockMalformedJson answers a body that does not parse", async () => {
    server.use(mockMalformedJson("get", "/api/v1/user/profile/"));
    await expect(client().GET("/api/v1/user/profile/")).rejects.toThrow();
  });

  it("mockLoading never answers", async () => {
    server.use(mockLoading("get", "/api/v1/user/profile/"));
    const outcome = await Promise.race([
      client()
        .GET("/api/v1/user/profile/")
        .then(() => "answered"),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 300)),
    ]);
    expect(outcome).toBe("pending");
  });

  it("leaves the other operations to static mode", async () => {
    server.use(mockError("get", "/api/v1/ticket/{id}/", 500));
    const { data } = await client().GET("/api/v1/user/profile/");
    expect(data?.email).toBe("admin@example.com");
  });
});
