import { randomUUID } from "node:crypto";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { sql } from "kysely";
import { handlers } from "./areas/index.ts";
import { authenticate } from "./auth/authenticate.ts";
import { isDatabaseUnavailable } from "./db/pool.ts";
import { fieldErrors, loadContract, type Operation } from "./http/contract.ts";
import { type Drain, installDrain } from "./http/drain.ts";
import { ApiError, forbidden, notFound, unauthorized } from "./http/errors.ts";
import type { AuthedCtx, HandlerSpec, Result, Services } from "./http/handler.ts";
import { prune } from "./http/serialize.ts";
import { registerStatic } from "./http/static.ts";

/** PostgreSQL's integer columns end here; a larger id names nothing, and is answered without a query. */
const MAX_ID = 2_147_483_647;

/** Query names whose list is capped at 100 rows per page, except the findings index's 500. */
const PAGE_SIZE_CAP = 100;
const FINDINGS_PAGE_SIZE_CAP = 500;

const spec = (entry: HandlerSpec["handler"] | HandlerSpec): HandlerSpec =>
  typeof entry === "function" ? { handler: entry } : entry;

/** Seconds a client is told to wait before sending again while the database is away. */
const DATABASE_RETRY_AFTER = "5";

export async function buildApp(services: Services): Promise<FastifyInstance> {
  return (await buildDrainableApp(services)).app;
}

/** The app and its drain (http/drain.ts), for a process that stops on a signal. */
export async function buildDrainableApp(services: Services): Promise<{ app: FastifyInstance; drain: Drain }> {
  const contract = loadContract();
  const app = Fastify({
    logger: {
      level: services.config.logLevel,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.refresh", "*.token"],
        remove: true,
      },
    },
    bodyLimit: services.config.bodyLimit,
    // Behind nginx: the client's address comes from X-Forwarded-For (throttling counts per address),
    // believed only from the configured proxies.
    trustProxy: services.config.trustProxy,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  const drain = installDrain(app);

  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    reply.header("x-content-type-options", "nosniff");
    return payload;
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.code(error.status).send(error.body);
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.statusCode === 413) {
      return reply.code(413).send({ detail: `Request body is larger than ${services.config.bodyLimit} bytes.` });
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || error.statusCode === 415) {
      return reply.code(415).send({ detail: "Unsupported media type in request." });
    }
    if (error.statusCode === 400 && error.code?.startsWith("FST_ERR_CTP")) {
      return reply.code(400).send({ non_field_errors: ["The request body is not valid JSON."] });
    }
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: "Bad request." });
    }
    if (isDatabaseUnavailable(error)) {
      // A transaction whose connection is lost is rolled back by PostgreSQL (only a connection lost
      // during COMMIT itself leaves the outcome unknown, which is why sends carry an Idempotency-Key).
      // The pool opens fresh connections once PostgreSQL is back, without a restart of this process.
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", DATABASE_RETRY_AFTER)
        .send({ detail: "The database is unavailable. Try again in a few seconds." });
    }
    request.log.error({ err: error }, "unhandled error");
    // Never a stack trace or SQL text in an answer.
    return reply.code(500).send({ detail: "A server error occurred." });
  });

  // multipart/form-data (sends with files) is left unread until its handler reads it within its own,
  // smaller limits (areas/tickets/form.ts); these ceilings bound any form.
  await app.register(multipart, {
    limits: { fileSize: services.config.bodyLimit, files: 10, fields: 50, parts: 60, fieldSize: 1024 * 1024 },
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: "Not found." }));

  app.get("/health", async () => ({ status: "ok" }));
  app.get("/ready", async (_request, reply) => {
    // A stopping process says so first, so a balancer stops sending before its listener closes.
    if (drain.draining) return reply.code(503).send({ status: "draining" });
    try {
      await sql`select 1`.execute(services.db);
      return { status: "ready" };
    } catch {
      return reply.code(503).send({ status: "database unavailable" });
    }
  });
  app.get("/api/openapi.yaml", async (_request, reply) => {
    const { readFile } = await import("node:fs/promises");
    const { contractPath } = await import("./http/contract.ts");
    return reply.type("application/yaml; charset=utf-8").send(await readFile(contractPath, "utf8"));
  });
  app.get("/api/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(apiReferencePage()));

  for (const op of contract.operations) {
    const entry = handlers[op.operationId];
    app.route({
      method: op.method.toUpperCase() as "GET",
      url: op.routePath,
      handler: async (request, reply) => {
        if (!entry) return reply.code(501).send({ detail: `${op.operationId} is not implemented by this server yet.` });
        const { handler, allowPending } = spec(entry);
        const ctx = await prepare(op, request, reply, services, allowPending ?? false);
        const result = await handler(ctx);
        return send(op, reply, result, contract.resolve);
      },
    });
  }

  if (services.config.staticDir) await registerStatic(app, services.config.staticDir);
  return { app, drain };
}

async function prepare(
  op: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  allowPending: boolean,
): Promise<AuthedCtx> {
  const rawParams = (request.params ?? {}) as Record<string, string>;
  // Ids outside the contract's range (or PostgreSQL's) name nothing: 404 without a query.
  for (const name of op.pathParams) {
    const raw = rawParams[name] ?? "";
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw notFound();
  }
  const params = Object.fromEntries(op.pathParams.map((n) => [n, Number(rawParams[n])]));

  const caller = op.isPublic ? null : await authenticate(request, services);
  if (!caller && !op.isPublic && !op.authOptional) {
    throw unauthorized("Authentication credentials were not provided.", "not_authenticated");
  }
  if (caller?.pending && !allowPending) throw forbidden("Finish two-factor authentication first.");

  const query = { ...((request.query ?? {}) as Record<string, unknown>) };
  if (op.validateQuery && !op.validateQuery(query)) throw new ApiError(400, fieldErrors(op.validateQuery.errors));
  capPageSize(op, query);

  if (op.validateHeaders) {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
    if (!op.validateHeaders(headers)) throw new ApiError(400, fieldErrors(op.validateHeaders.errors));
  }

  let body = request.body;
  if (op.bodyMediaType === "application/json") {
    if (body === undefined || body === null) {
      if (op.bodyRequired) throw new ApiError(400, { non_field_errors: ["A JSON body is required."] });
      body = {};
    }
    if (op.validateBody && !op.validateBody(body)) throw new ApiError(400, fieldErrors(op.validateBody.errors));
  }

  return {
    op,
    params,
    query,
    body,
    // Null only for public and auth-optional operations, whose handlers take `Ctx` (caller: Caller | null).
    caller: caller as AuthedCtx["caller"],
    services,
    request,
    reply,
    requestId: String(request.id),
    ip: request.ip,
  };
}

function capPageSize(op: Operation, query: Record<string, unknown>) {
  if (typeof query.page_size !== "number") return;
  const cap = op.path === "/api/v1/findings/" ? FINDINGS_PAGE_SIZE_CAP : PAGE_SIZE_CAP;
  if (query.page_size > cap) query.page_size = cap;
}

function send(
  op: Operation,
  reply: FastifyReply,
  result: Result,
  resolve: (s: Record<string, unknown>) => Record<string, unknown>,
) {
  if (reply.sent) return reply;
  if (result === null) return reply.code(204).send();
  for (const [k, v] of Object.entries(result.headers ?? {})) reply.header(k, v);
  const status = result.status ?? 200;
  const schema = op.responseSchemas.get(status);
  const body = schema ? prune(result.body, schema, resolve) : result.body;
  return reply.code(status).send(body);
}

function apiReferencePage(): string {
  // A self-contained page: the reference is rendered from the contract in the browser without any
  // third-party script (the product's own origin only).
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sentinel API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1f2328}
h1{font-size:24px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #d0d7de}code{font:13px ui-monospace,monospace}
.op{margin:12px 0;padding:8px 12px;border:1px solid #d0d7de;border-radius:6px}.m{font-weight:700;text-transform:uppercase;margin-right:8px}
pre{white-space:pre-wrap;background:#f6f8fa;padding:8px;border-radius:6px}</style></head>
<body><h1>Sentinel API reference</h1><p>The contract itself: <a href="/api/openapi.yaml">openapi.yaml</a> (OpenAPI 3.1).</p>
<main id="ops">Loading…</main>
<script type="module">
const res = await fetch("/api/openapi.yaml"); const text = await res.text();
const main = document.getElementById("ops"); main.textContent = "";
// A tiny reader for this contract's layout (two-space YAML): paths, methods, summaries, descriptions.
let path = null, tag = null;
const sections = new Map();
for (const line of text.split("\\n")) {
  let m;
  if ((m = /^  (\\/api\\/[^:]+):$/.exec(line))) path = m[1];
  else if (path && (m = /^    (get|post|put|patch|delete):$/.exec(line))) { tag = { method: m[1], path, summary: "", id: "" }; }
  else if (tag && (m = /^      summary: (.*)$/.exec(line))) tag.summary = m[1].replace(/^'|'$/g, "");
  else if (tag && (m = /^      operationId: (.*)$/.exec(line))) { tag.id = m[1]; const g = path.split("/")[3]; if (!sections.has(g)) sections.set(g, []); sections.get(g).push(tag); tag = null; }
  else if (/^components:/.test(line)) break;
}
for (const [group, ops] of sections) {
  const h = document.createElement("h2"); h.textContent = group; main.append(h);
  for (const op of ops) {
    const div = document.createElement("div"); div.className = "op"; div.id = op.id;
    const m = document.createElement("span"); m.className = "m"; m.textContent = op.method;
    const c = document.createElement("code"); c.textContent = op.path;
    const p = document.createElement("div"); p.textContent = op.summary + " (" + op.id + ")";
    div.append(m, c, p); main.append(div);
  }
}
</script></body></html>`;
}
