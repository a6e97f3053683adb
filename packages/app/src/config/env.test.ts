import { describe, expect, it, vi } from "vitest";
import { type AppConfig, configFromEnv, loadRuntimeConfig, mergeConfig } from "./env.ts";

const base: AppConfig = configFromEnv({});

describe("configFromEnv", () => {
  it("defaults to static mode on, error reporting off, a 2000 ms tracing time-out, a 30 s request time-out", () => {
    expect(base).toEqual({
      apiBaseUrl: "",
      staticMode: true,
      errorReporting: { enabled: false, dsn: "", tracingTimeoutMs: 2000 },
      botCheckSiteKey: "",
      defaultCompanyId: null,
      requestTimeoutMs: 30_000,
    });
  });

  it("reads every VITE_ setting", () => {
    expect(
      configFromEnv({
        VITE_API_BASE_URL: " https://api.example.test ",
        VITE_STATIC_MODE: "false",
        VITE_ERROR_REPORTING: "true",
        VITE_ERROR_REPORTING_DSN: "https://key@errors.example.test/1",
        VITE_BOT_CHECK_SITE_KEY: "site-key",
        VITE_DEFAULT_COMPANY_ID: "12",
        VITE_REQUEST_TIMEOUT_MS: "15000",
      }),
    ).toEqual({
      apiBaseUrl: "https://api.example.test",
      staticMode: false,
      errorReporting: { enabled: true, dsn: "https://key@errors.example.test/1", tracingTimeoutMs: 2000 },
      botCheckSiteKey: "site-key",
      defaultCompanyId: 12,
      requestTimeoutMs: 15_000,
    });
  });

  it.each([["0"], ["off"], ["no"], ["FALSE"]])("reads %j as off", (value) => {
    expect(configFromEnv({ VITE_STATIC_MODE: value }).staticMode).toBe(false);
  });

  it("ignores a company id that is not a positive integer", () => {
    expect(configFromEnv({ VITE_DEFAULT_COMPANY_ID: "abc" }).defaultCompanyId).toBeNull();
    expect(configFromEnv({ VITE_DEFAULT_COMPANY_ID: "-3" }).defaultCompanyId).toBeNull();
  });
});

describe("mergeConfig", () => {
  it("overrides only the keys config.json sets", () => {
    const merged = mergeConfig(base, { staticMode: false, apiBaseUrl: "https://api.example.test" });
    expect(merged).toEqual({ ...base, staticMode: false, apiBaseUrl: "https://api.example.test" });
  });

  it("maps the flat error-reporting keys", () => {
    const merged = mergeConfig(base, { errorReporting: true, errorReportingDsn: "dsn", tracingTimeoutMs: 5000 });
    expect(merged.errorReporting).toEqual({ enabled: true, dsn: "dsn", tracingTimeoutMs: 5000 });
  });

  it("overrides the request time-out with a positive number only", () => {
    expect(mergeConfig(base, { requestTimeoutMs: 1500 }).requestTimeoutMs).toBe(1500);
    const warn = vi.fn();
    expect(mergeConfig(base, { requestTimeoutMs: 0 }, warn).requestTimeoutMs).toBe(30_000);
    expect(mergeConfig(base, { requestTimeoutMs: "5000" }, warn).requestTimeoutMs).toBe(30_000);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(configFromEnv({ VITE_REQUEST_TIMEOUT_MS: "-1" }).requestTimeoutMs).toBe(30_000);
  });

  it("accepts a company id as a number or a numeric string, and null to clear it", () => {
    expect(mergeConfig(base, { defaultCompanyId: 4 }).defaultCompanyId).toBe(4);
    expect(mergeConfig(base, { defaultCompanyId: "9" }).defaultCompanyId).toBe(9);
    expect(mergeConfig({ ...base, defaultCompanyId: 4 }, { defaultCompanyId: null }).defaultCompanyId).toBeNull();
  });

  it("ignores wrongly typed values with a warning instead of switching anything", () => {
    const warn = vi.fn();
    const merged = mergeConfig(base, { staticMode: "false", tracingTimeoutMs: -1, defaultCompanyId: "x" }, warn);
    expect(merged).toEqual(base);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("warns about unknown keys", () => {
    const warn = vi.fn();
    mergeConfig(base, { static_mode: false }, warn);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("static_mode"));
  });

  it("ignores a non-object", () => {
    const warn = vi.fn();
    expect(mergeConfig(base, [1, 2], warn)).toBe(base);
    expect(mergeConfig(base, "x", warn)).toBe(base);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("loadRuntimeConfig", () => {
  const json = (body: string, init: ResponseInit = {}) =>
    vi.fn(async () => new Response(body, { headers: { "content-type": "application/json" }, ...init }));

  it("merges the served file", async () => {
    const config = await loadRuntimeConfig(base, json('{"staticMode":false}'));
    expect(config.staticMode).toBe(false);
  });

  it("uses the build's settings when the file is missing", async () => {
    expect(await loadRuntimeConfig(base, json("", { status: 404 }))).toBe(base);
  });

  it("treats the dev server's HTML fallback as missing", async () => {
    const fetchHtml = vi.fn(async () => new Response("<!doctype html>", { headers: { "content-type": "text/html" } }));
    const warn = vi.fn();
    expect(await loadRuntimeConfig(base, fetchHtml, "/config.json", warn)).toBe(base);
    expect(warn).not.toHaveBeenCalled();
  });

  it("ignores invalid JSON with a warning", async () => {
    const warn = vi.fn();
    expect(await loadRuntimeConfig(base, json("{ staticMode: false"), "/config.json", warn)).toBe(base);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("survives a network failure", async () => {
    const failing = vi.fn(async () => {
      throw new TypeError("offline");
    });
    expect(await loadRuntimeConfig(base, failing)).toBe(base);
  });
});
