import { delay, getResponse, type HttpHandler, HttpResponse, http } from "msw";
import type { paths } from "../generated/schema.ts";
import { handlers } from "./handlers/index.ts";
import { paginate } from "./paginate.ts";
import type { ErrorBody } from "./schema-types.ts";
import { type Method, type PathOf, type SuccessBody, toMswPath } from "./typed.ts";

/**
 * Per-story and per-test overrides, typed by the contract's paths. Pass the result to
 * `server.use(...)`, `worker.use(...)` or a story's `msw.use(...)`; they win over `handlers`.
 */

const DEFAULT_ERROR: Record<number, ErrorBody> = {
  400: { non_field_errors: ["Invalid data."] },
  401: { detail: "Given token not valid for any token type" },
  403: { detail: "You do not have permission to perform this action." },
  404: { detail: "Not found." },
  500: { detail: "A server error occurred." },
};

/** The operation answers `status` with a DRF-style error body. */
export function mockError<M extends Method, P extends PathOf<M> & string>(
  method: M,
  path: P,
  status: number,
  body?: ErrorBody,
): HttpHandler {
  return http[method](toMswPath(path), () =>
    HttpResponse.json(body ?? DEFAULT_ERROR[status] ?? { detail: `Request failed with status ${status}.` }, { status }),
  );
}

const heldRequests = new Set<string>();

/**
 * Whether `mockLoading` holds this call ("METHOD url") open on purpose: Storybook waits for every
 * other call before its checks.
 */
export function isHeldRequest(methodAndUrl: string): boolean {
  return heldRequests.has(methodAndUrl);
}

/** Between stories: the next story may answer the same call normally. */
export function forgetHeldRequests(): void {
  heldRequests.clear();
}

/** The operation never answers, so the loading state stays on screen. */
export function mockLoading<M extends Method, P extends PathOf<M> & string>(method: M, path: P): HttpHandler {
  return http[method](toMswPath(path), async ({ request }) => {
    heldRequests.add(`${request.method} ${request.url}`);
    await delay("infinite");
    return new HttpResponse(null, { status: 204 });
  });
}

type PagedGetPath = {
  [P in PathOf<"get">]: SuccessBody<P & keyof paths, "get"> extends { results: unknown[] } ? P : never;
}[PathOf<"get">];

/** A valid, empty paged wrapper for a paged list (the empty state). */
export function mockEmptyList<P extends PagedGetPath & string>(path: P): HttpHandler {
  return http.get(toMswPath(path), ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.delete("page");
    const result = paginate([], { page: "1", pageSize: url.searchParams.get("page_size"), baseLink: url.href });
    return HttpResponse.json(result.ok ? result.body : null);
  });
}

/** The request fails at the network level (fetch rejects). */
export function mockNetworkError<M extends Method, P extends PathOf<M> & string>(method: M, path: P): HttpHandler {
  return http[method](toMswPath(path), () => HttpResponse.error());
}

/** A 200 whose body claims to be JSON but does not parse. */
export function mockMalformedJson<M extends Method, P extends PathOf<M> & string>(method: M, path: P): HttpHandler {
  return http[method](
    toMswPath(path),
    () => new HttpResponse('{"results": [', { status: 200, headers: { "Content-Type": "application/json" } }),
  );
}

/**
 * The next call is handled by static mode as usual (its write is stored), but its answer never
 * reaches the client: fetch rejects, as when the connection drops after the server acted. Later
 * calls are answered normally, so a retry shows what the server does with it.
 */
export function mockLostAnswer<M extends Method, P extends PathOf<M> & string>(method: M, path: P): HttpHandler {
  return http[method](
    toMswPath(path),
    async ({ request }) => {
      await getResponse(handlers, request);
      return HttpResponse.error();
    },
    { once: true },
  );
}
