import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db, Scope } from "../db/pool.ts";
import type { Operation } from "./contract.ts";

export type Role = "SUPER_ADMIN" | "ANALYST" | "CLIENT_ADMIN" | "CLIENT";

/** The signed-in user behind a request, as the access token and the users table say. */
export interface Caller {
  id: number;
  role: Role;
  companyId: number | null;
  email: string;
  /** The sign-in (refresh family) the access token belongs to. */
  family: string;
  /** A pre-2FA token: only the 2FA steps and logout accept it. */
  pending: boolean;
  scope: Scope;
}

export const isStaffRole = (role: Role) => role === "SUPER_ADMIN" || role === "ANALYST";

export interface Services {
  db: Db;
  config: Config;
  /** Signs and checks access tokens (auth/tokens.ts). */
  tokens: import("../auth/tokens.ts").TokenService;
  /** Signs and checks attachment download links (auth/downloads.ts). */
  downloads: import("../auth/downloads.ts").DownloadSigner;
  /** Queues background work (e-mail now, scans later). */
  jobs: import("../jobs/queue.ts").JobQueue;
}

export interface Ctx<Body = unknown, Query = Record<string, unknown>> {
  op: Operation;
  /** Path values, validated against the contract and coerced (ids are integers ≥ 1). */
  params: Record<string, number>;
  query: Query;
  body: Body;
  caller: Caller | null;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  requestId: string;
  /** The client address, as the proxy in front reports it (trustProxy). */
  ip: string;
}

/** A full sign-in; handlers of every non-public operation but the 2FA steps and logout see one. */
export interface AuthedCtx<Body = unknown, Query = Record<string, unknown>> extends Ctx<Body, Query> {
  caller: Caller;
}

/** What a handler answers: a body with a status (200 unless said), or `null` for 204. */
export type Result = { status?: number; body?: unknown; headers?: Record<string, string> } | null;

export type Handler = (ctx: AuthedCtx) => Promise<Result>;

export interface HandlerSpec {
  handler: Handler;
  /** Accepts pre-2FA tokens too (the 2FA steps, logout). */
  allowPending?: boolean;
}

export type HandlerMap = Record<string, Handler | HandlerSpec>;

export const ok = (body: unknown, status = 200): Result => ({ status, body });

/**
 * A handler whose body and query have the contract's types. The route validated both against
 * openapi.yaml before the handler runs, so the types hold.
 */
export function handle<Body = unknown, Query = Record<string, unknown>>(
  fn: (ctx: AuthedCtx<Body, Query>) => Promise<Result>,
): Handler {
  return fn as Handler;
}
