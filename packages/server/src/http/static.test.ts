import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";

describe("the built app on the API's origin", () => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "sentinel-static-"));
    mkdirSync(path.join(root, "auth"));
    mkdirSync(path.join(root, "assets"));
    writeFileSync(path.join(root, "index.html"), "<title>index</title>");
    writeFileSync(path.join(root, "auth", "login.html"), "<title>sign-in page</title>");
    writeFileSync(path.join(root, "assets", "entry.js"), "export {};");
    server = await testServer({ STATIC_DIR: root });
  });

  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers a route with the page the build wrote for it, and any other route with index.html", async () => {
    const login = await server.call("GET", "/auth/login");
    expect(login.statusCode).toBe(200);
    expect(login.headers["content-type"]).toMatch(/text\/html/);
    expect(login.headers["cache-control"]).toBe("no-cache");
    expect(login.body).toBe("<title>sign-in page</title>");

    for (const route of ["/dashboard", "/auth/forgot-password", "/auth", "/"]) {
      const page = await server.call("GET", route);
      expect(page.statusCode, route).toBe(200);
      expect(page.body, route).toBe("<title>index</title>");
    }
  });

  it("serves build files as they are, and nothing outside the build", async () => {
    const script = await server.call("GET", "/assets/entry.js");
    expect(script.headers["content-type"]).toMatch(/javascript/);
    expect(script.headers["cache-control"]).toMatch(/immutable/);
    expect(script.body).toBe("export {};");

    // A page next to the build, reachable only by climbing out of it.
    const secret = `${root}-secret.html`;
    writeFileSync(secret, "secret");
    try {
      const outside = await server.call("GET", `/..%2F${path.basename(root)}-secret`);
      expect(outside.body).toBe("<title>index</title>");
    } finally {
      rmSync(secret);
    }
  });
});
