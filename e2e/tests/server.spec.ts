import { expect, test } from "@playwright/test";

test.describe("nginx deployment config", () => {
  test("serves index.html for deep links with no-cache and the security headers", async ({ request }) => {
    const response = await request.get("/network-va/12/scan/3/scan-endpoint/4");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const headers = response.headers();
    expect(headers["cache-control"]).toBe("no-cache");
    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["permissions-policy"]).toContain("camera=()");
  });

  test("caches hashed assets for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const response = await request.get(script ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
  });

  test("serves /config.json fresh on every load", async ({ request }) => {
    const response = await request.get("/config.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(() => JSON.parse("")).toThrow();
    await expect(response.json()).resolves.toBeInstanceOf(Object);
  });

  test("index.html has no inline scripts for the CSP to block", async ({ request }) => {
    const html = await (await request.get("/")).text();
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc="/);
  });
});
