import { delay, type HttpHandler, HttpResponse, http, type JsonBodyType } from "msw";
import type { PathsWithMethod } from "openapi-typescript-helpers";
import type { paths } from "../generated/schema.ts";
import { checkAuthorization, type Session } from "./auth.ts";
import { commit } from "./db.ts";
import type { DbUser } from "./db-types.ts";
import { activeFault, activeFuzzSeed, faultResponse } from "./faults.ts";
import { idempotent } from "./idempotency.ts";
import { baseLinkOf, paginate } from "./paginate.ts";
import type { ErrorBody } from "./schema-types.ts";

/**
 * A small typed layer over msw's `http` (openapi-msw only supports msw 2). The response body of every
 * handler is typed from the generated schema, so a handler that returns the wrong shape fails `tsc`.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type PathOf<M extends Method> = PathsWithMethod<paths, M>;
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type ResponsesOf<P extends keyof paths, M extends Method> = Op<P, M> extends { responses: infer R } ? R : never;
type JsonContent<R> = R extends { content: { "application/json": infer B } } ? B : undefined;
/** Body of the operation's success response (200, else 201, else none for 204). */
export type SuccessBody<P extends keyof paths, M extends Method> = 200 extends keyof ResponsesOf<P, M>
  ? JsonContent<ResponsesOf<P, M>[200]>
  : 201 extends keyof ResponsesOf<P, M>
    ? JsonContent<ResponsesOf<P, M>[201]>
    : undefined;
type SuccessCode<P extends keyof paths, M extends Method> = Extract<keyof ResponsesOf<P, M>, 200 | 201 | 204>;

type RequestContent<P extends keyof paths, M extends Method> =
  Op<P, M> extends { requestBody: { content: infer C } }
    ? C
    : Op<P, M> extends { requestBody?: { content: infer C } }
      ? C
      : never;
/** The JSON request body of the operation (what a well-behaved client sends; handlers still validate it). */
export type RequestBody<P extends keyof paths, M extends Method> = [RequestContent<P, M>] extends [never]
  ? never
  : RequestContent<P, M> extends { "application/json": infer B }
    ? B
    : RequestContent<P, M> extends { "multipart/form-data": infer B }
      ? B
      : never;

type QueryKey<P extends keyof paths, M extends Method> =
  Op<P, M> extends { parameters: { query?: infer Q } }
    ? [Q] extends [undefined]
      ? never
      : keyof NonNullable<Q> & string
    : never;

/** `{id}` and friends, as written in the contract's path. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;

declare const replyBody: unique symbol;
/** A response whose JSON body is known to be `B` (only the helpers below create one). */
export type Reply<B> = Response & { readonly [replyBody]: B };
export type ErrorReply = Reply<ErrorBody>;

type PagedItem<B> = B extends { results: Array<infer I> } ? I : never;

export interface Viewer {
  user: DbUser;
  session: Session;
}

export type AuthMode = "full" | "pending" | "public";

export interface Ctx<P extends keyof paths & string, M extends Method, A extends AuthMode> {
  request: Request;
  url: URL;
  /** Path parameters, already checked to be positive integers (anything else is a 404). */
  params: { [K in ParamNames<P>]: number };
  /** A query value the contract declares for this operation. */
  query(name: QueryKey<P, M>): string | null;
  /** The parsed JSON body; `null` when it is not a JSON object. Fields are unchecked: validate them. */
  body(): Promise<Partial<RequestBody<P, M>> | null>;
  /** The multipart body (ticket forms with attachments). */
  formData(): Promise<FormData | null>;
  viewer: A extends "public" ? Viewer | null : Viewer;
  ok: 200 extends SuccessCode<P, M> ? (body: SuccessBody<P, M>) => Reply<SuccessBody<P, M>> : never;
  created: 201 extends SuccessCode<P, M> ? (body: SuccessBody<P, M>) => Reply<SuccessBody<P, M>> : never;
  noContent: 204 extends SuccessCode<P, M> ? () => Reply<undefined> : never;
  /** One page of `items` in the paged wrapper (page and page_size, or `limit`), or DRF's "Invalid page." 404. */
  paged: [PagedItem<SuccessBody<P, M>>] extends [never]
    ? never
    : (items: ReadonlyArray<PagedItem<SuccessBody<P, M>>>) => Reply<SuccessBody<P, M>> | ErrorReply;
}

export type Resolver<P extends keyof paths & string, M extends Method, A extends AuthMode> = (
  ctx: Ctx<P, M, A>,
) => Reply<SuccessBody<P, M>> | ErrorReply | Promise<Reply<SuccessBody<P, M>> | ErrorReply>;

export interface RouteOptions<A extends AuthMode> {
  /** `full` (default): a signed-in user; `pending`: also a pre-2FA token; `public`: no token needed. */
  auth?: A;
  /** Query name of the page size (`limit` on the member list). */
  pageSizeParam?: string;
  /** The operation takes the contract's `Idempotency-Key` header: a retried send is answered once (idempotency.ts). */
  idempotent?: boolean;
}

function json<B>(body: B, status: number): Reply<B> {
  return HttpResponse.json(body as JsonBodyType, { status }) as unknown as Reply<B>;
}

export const reply = {
  error(status: number, body: ErrorBody): ErrorReply {
    return json(body, status);
  },
  badRequest(body: ErrorBody): ErrorReply {
    return json(body, 400);
  },
  /** A DRF validation error on one field. */
  field(name: string, message: string): ErrorReply {
    return json({ [name]: [message] }, 400);
  },
  nonField(message: string): ErrorReply {
    return json({ non_field_errors: [message] }, 400);
  },
  unauthorized(detail = "Given token not valid for any token type"): ErrorReply {
    return json({ detail }, 401);
  },
  forbidden(detail = "You do not have permission to perform this action."): ErrorReply {
    return json({ detail }, 403);
  },
  notFound(detail = "Not found."): ErrorReply {
    return json({ detail }, 404);
  },
};

/** Every operation a handler is registered for, as `METHOD path` in the contract's spelling. */
export const registeredOperations: Array<{ method: Method; path: string }> = [];

/** A fixed response time in ms for the browser demo instead of msw's realistic one (read at start). */
export const LATENCY_STORAGE_KEY = "sentinel.static.latencyMs";

let latency: number | "real" = 0;
/** Artificial response time: 0 in tests, msw's "real" (100–400 ms) in the browser demo. */
export function setLatency(value: number | "real"): void {
  latency = value;
}

/** The msw path for a contract path: any origin (same-origin or any base URL), `{id}` → `:id`. */
export function toMswPath(path: string): string {
  return `*${path.replace(/\{(\w+)\}/g, ":$1")}`;
}

const isWrite = (method: Method) => method !== "get";

function route<M extends Method>(method: M) {
  return <P extends PathOf<M> & string, A extends AuthMode = "full">(
    path: P,
    resolver: Resolver<P, M, A>,
    options: RouteOptions<A> = {},
  ): HttpHandler => {
    registeredOperations.push({ method, path });
    const auth: AuthMode = options.auth ?? "full";
    return http[method](toMswPath(path), async ({ request, params }) => {
      const parsed: Record<string, number> = {};
      for (const [key, value] of Object.entries(params)) {
        // Wildcards ("*" before the path) show up as numbered params; only the contract's named ones matter.
        if (/^\d+$/.test(key)) continue;
        // Not an integer: leave it to another route (e.g. the literal `un-paid/`), or the final 404.
        if (typeof value !== "string" || !/^[1-9]\d*$/.test(value)) return undefined;
        parsed[key] = Number(value);
      }
      // The fault hook (faults.ts) answers before latency, auth and the handler.
      const fault = activeFault(method, path);
      if (fault) return faultResponse(fault, { method, path, fuzzSeed: activeFuzzSeed });

      if (latency === "real") await delay();
      else if (latency > 0) await delay(latency);

      const check = checkAuthorization(request.headers.get("Authorization"));
      let viewer: Viewer | null = null;
      if (check.kind === "ok") viewer = { user: check.user, session: check.session };
      else if (check.kind === "pending" && auth === "pending") viewer = { user: check.user, session: check.session };
      if (auth !== "public" && !viewer) {
        if (check.kind === "missing") return reply.unauthorized("Authentication credentials were not provided.");
        if (check.kind === "pending") return reply.forbidden("Finish two-factor authentication to use this token.");
        return reply.unauthorized();
      }

      const url = new URL(request.url);
      let bodyRead: Promise<unknown> | null = null;
      const ctx = {
        request,
        url,
        params: parsed,
        viewer,
        query: (name: string) => url.searchParams.get(name),
        body: () => {
          bodyRead ??= request
            .clone()
            .json()
            .then((b: unknown) => (b && typeof b === "object" && !Array.isArray(b) ? b : null))
            .catch(() => null);
          return bodyRead;
        },
        formData: () =>
          request
            .clone()
            .formData()
            .catch(() => null),
        ok: (body: unknown) => json(body, 200),
        created: (body: unknown) => json(body, 201),
        noContent: () => new HttpResponse(null, { status: 204 }),
        paged: (items: readonly unknown[]) => {
          const sizeParam = options.pageSizeParam ?? "page_size";
          const result = paginate(items, {
            page: url.searchParams.get("page"),
            pageSize: url.searchParams.get(sizeParam),
            baseLink: baseLinkOf(url),
          });
          return result.ok ? json(result.body, 200) : reply.notFound("Invalid page.");
        },
      } as unknown as Ctx<P, M, A>;

      const handle = async (): Promise<Response> => resolver(ctx);
      const response =
        options.idempotent && viewer
          ? await idempotent(request, viewer.user.id, `${method.toUpperCase()} ${url.pathname}`, handle)
          : await handle();
      if (isWrite(method) && response.status >= 200 && response.status < 300) commit();
      return response;
    });
  };
}

/** Typed `http.*`: paths are the contract's paths, response bodies its schemas. */
export const typedHttp = {
  get: route("get"),
  post: route("post"),
  put: route("put"),
  patch: route("patch"),
  delete: route("delete"),
};

/** Answers any other `/api/v1/...` request like Django does for an unknown URL (JSON here, for the client). */
export const fallbackHandler: HttpHandler = http.all("*/api/v1/*", () => reply.notFound());
