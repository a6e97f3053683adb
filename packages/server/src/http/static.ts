import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serves the built app on the API's origin (the start command's single origin); every path that is
 * not a file and not under /api/ gets its route's own page (auth/login.html) or index.html, as
 * deploy/nginx.conf does.
 */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  const index = path.join(root, "index.html");
  app.get("/*", async (request, reply) => {
    const url = decodeURIComponent((request.params as { "*": string })["*"] ?? "");
    if (url.startsWith("api/")) return reply.code(404).send({ detail: "Not found." });
    const file = path.resolve(root, url);
    const inside = file.startsWith(root + path.sep);
    if (inside && existsSync(file) && statSync(file).isFile()) {
      const ext = path.extname(file);
      reply.type(TYPES[ext] ?? "application/octet-stream");
      // Hashed build assets never change; the page itself is always revalidated.
      reply.header("cache-control", url.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      return reply.send(createReadStream(file));
    }
    // A page the build wrote for this route (auth/login.html) before the catch-all index.html.
    const routePage = `${file}.html`;
    const page = inside && existsSync(routePage) && statSync(routePage).isFile() ? routePage : index;
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    return reply.send(createReadStream(page));
  });
}
