import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";

/**
 * Every answer nginx gives, whichever location (or none) produced it, carries the same security
 * headers: a location with its own add_header drops the server's, so one forgotten line is a hole.
 */
function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc, "CSP script-src").toContain("'self'");
  expect(scriptSrc, "CSP script-src").not.toContain("unsafe-inline");
  expect(scriptSrc, "CSP script-src").not.toContain("unsafe-eval");
  expect(csp, "CSP").toContain("default-src 'self'");
  expect(csp, "CSP").toContain("object-src 'none'");
  expect(csp, "CSP").toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
}

async function hashedScript(request: APIRequestContext) {
  const html = await (await request.get("/")).text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  return script ?? "";
}

test.describe("nginx deployment config", () => {
  test("serves index.html at / with no-cache and the security headers", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expectSecurityHeaders(response);
  });

  test("serves index.html for deep links with no-cache and the security headers", async ({ request }) => {
    const response = await request.get("/network-va/12/scan/3/scan-endpoint/4");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expectSecurityHeaders(response);
  });

  test("caches hashed assets for a year, with the security headers", async ({ request }) => {
    const response = await request.get(await hashedScript(request));
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expectSecurityHeaders(response);
  });

  test("never lets a cache keep a missing asset", async ({ request }) => {
    // During a deploy a browser may ask for a hash that is not there yet; a cached 404 would stick for a year.
    const response = await request.get("/assets/index-00000000.js");
    expect(response.status()).toBe(404);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expectSecurityHeaders(response);
  });

  test("serves /config.json fresh on every load, with the security headers", async ({ request }) => {
    const response = await request.get("/config.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    await expect(response.json()).resolves.toBeInstanceOf(Object);
    expectSecurityHeaders(response);
  });

  test("serves the static-mode worker fresh, with the security headers", async ({ request }) => {
    const response = await request.get("/mockServiceWorker.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("javascript");
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expectSecurityHeaders(response);
  });

  test("puts the security headers on nginx's own error pages", async ({ request }) => {
    // A request line longer than nginx's header buffers is refused before any location is chosen.
    const response = await request.get(`/${"a".repeat(20_000)}`);
    expect(response.status()).toBe(414);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expectSecurityHeaders(response);
  });

  test("index.html has no inline scripts for the CSP to block", async ({ request }) => {
    const html = await (await request.get("/")).text();
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc="/);
  });
});
