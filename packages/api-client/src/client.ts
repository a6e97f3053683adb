import createFetchClient, { type Client, type Middleware } from "openapi-fetch";
import { ApiError, type ErrorBody } from "./errors.ts";
import type { paths } from "./generated/schema.ts";

export type ApiPaths = paths;
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Origin (and optional prefix) the `/api/v1/...` paths are resolved against. Empty means same origin. */
  baseUrl: string;
  /** Read on every request, so a sign-in or sign-out takes effect without rebuilding the client. */
  getToken?: () => string | null | undefined;
  /** Called for every 401 response that a refresh could not cure, before the request's promise rejects. */
  onUnauthorized?: (error: ApiError) => void;
  /**
   * Renews the session after a 401 (the access token expired): resolves true once new tokens are
   * stored, false when the refresh itself failed. The request is then sent once more with the new
   * token; only when the refresh fails does the 401 reach `onUnauthorized`. Concurrent 401s share
   * one refresh (a refresh token works once).
   */
  refreshSession?: () => Promise<boolean>;
  /** Injected for tests and for environments without a global fetch. */
  fetch?: typeof globalThis.fetch;
  /**
   * How long a request may wait for the response headers before the client gives up, in ms.
   * Default {@link DEFAULT_REQUEST_TIMEOUT_MS}; 0 or a non-finite value means no limit. A timed-out
   * call rejects with an {@link ApiError} of status 0 and kind `timeout`, as a network failure does.
   */
  timeoutMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

const CLIENT_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "request"] as const;

/**
 * The typed HTTP client. Any status from 200 to 299 resolves; everything else, including a
 * network failure, rejects with an {@link ApiError} that carries the status and the API's body.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: withTimeout(baseFetch, options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
  });
  // openapi-fetch runs onResponse in reverse order: the refresh sees a 401 before the error mapping.
  client.use(
    usableIdsMiddleware(),
    authMiddleware(options),
    errorMiddleware(options),
    refreshMiddleware(options, withTimeout(baseFetch, options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS)),
  );
  return withReadableBodies(client);
}

/** Thrown (as the abort reason) when a request runs out of time; the error middleware maps it. */
class RequestTimeout extends Error {
  override readonly name = "TimeoutError";
}

/**
 * Rejects with a timeout when no response has arrived after `timeoutMs`, and aborts the request so
 * the browser drops it. The caller's own abort signal keeps working.
 */
export function withTimeout(fetchImpl: typeof globalThis.fetch, timeoutMs: number): typeof globalThis.fetch {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return fetchImpl;
  return (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const timer = new AbortController();
    return new Promise<Response>((resolve, reject) => {
      const handle = setTimeout(() => {
        const reason = new RequestTimeout(`No response within ${timeoutMs} ms.`);
        timer.abort(reason);
        reject(reason);
      }, timeoutMs);
      fetchImpl(new Request(request, { signal: AbortSignal.any([request.signal, timer.signal]) }))
        .then(resolve, reject)
        .finally(() => clearTimeout(handle));
    });
  };
}

/**
 * A success answer whose body is not JSON makes openapi-fetch throw a SyntaxError after the
 * middleware ran; this turns it into an ApiError like every other failure.
 */
function withReadableBodies(client: ApiClient): ApiClient {
  const wrapped: Record<string, unknown> = { ...client };
  for (const name of CLIENT_METHODS) {
    const call = client[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const path = String(name === "request" ? args[1] : args[0]);
        throw new ApiError(0, undefined, path, { cause: error, kind: "unreadable" });
      }
    };
  }
  return wrapped as unknown as ApiClient;
}

/** A whole number from 1: every id, page number and page size of the contract is one. */
export function isUsableId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}

/**
 * The parameter of a call that no answer but 404 can follow, if any: every path parameter of
 * openapi.yaml is an id, and every integer query parameter an id, a page number or a page size,
 * all whole numbers from 1 (`client.test.ts` holds the contract to that).
 */
function unusableParameter(params: {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
}): string | undefined {
  for (const [name, value] of Object.entries(params.path ?? {})) {
    if (!isUsableId(value)) return `${name} ${String(value)}`;
  }
  for (const [name, value] of Object.entries(params.query ?? {})) {
    if (typeof value === "number" && !isUsableId(value)) return `${name} ${String(value)}`;
  }
  return undefined;
}

/**
 * A call with an id the API cannot accept (missing, 0, negative, fractional) fails at once with the
 * API's own answer to it, 404 "Not found.", without being sent. So a screen shows its not-found or
 * error state for it, and a hook never has to disable a query for want of a usable id (TanStack
 * Query keeps a disabled query pending for ever, which screens would draw as an endless skeleton).
 */
function usableIdsMiddleware(): Middleware {
  return {
    onRequest({ request, params }) {
      const unusable = unusableParameter(params);
      if (unusable === undefined) return undefined;
      throw new ApiError(404, { detail: "Not found." }, request.url, {
        cause: new RangeError(`Not sent: ${unusable} is not a usable id.`),
      });
    },
  };
}

function authMiddleware(options: ApiClientOptions): Middleware {
  return {
    onRequest({ request }) {
      const token = options.getToken?.();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
  };
}

/**
 * Refresh once on a 401 and send the request again with the new token. The request is copied before
 * it is sent (its body can be read only once); requests without a token (sign-in forms) are left
 * alone, since their 401 answers what the user typed.
 */
function refreshMiddleware(options: ApiClientOptions, send: typeof globalThis.fetch): Middleware {
  const { refreshSession } = options;
  const copies = new WeakMap<Request, Request>();
  let inFlight: Promise<boolean> | null = null;
  return {
    onRequest({ request }) {
      if (refreshSession && request.headers.has("Authorization")) copies.set(request, request.clone());
    },
    async onResponse({ request, response }) {
      const copy = copies.get(request);
      if (response.status !== 401 || !copy || !refreshSession) return undefined;
      inFlight ??= refreshSession()
        .catch(() => false)
        .finally(() => {
          inFlight = null;
        });
      const token = (await inFlight) && options.getToken?.();
      if (!token) return undefined;
      copy.headers.set("Authorization", `Bearer ${token}`);
      return await send(copy);
    },
  };
}

function errorMiddleware(options: ApiClientOptions): Middleware {
  return {
    async onResponse({ request, response }) {
      if (response.status >= 200 && response.status <= 299) return response;
      const error = new ApiError(response.status, await readErrorBody(response), request.url);
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    },
    onError({ request, error }) {
      if (error instanceof ApiError) return error;
      const timedOut = error instanceof RequestTimeout;
      return new ApiError(0, undefined, request.url, { cause: error, kind: timedOut ? "timeout" : "network" });
    },
  };
}

async function readErrorBody(response: Response): Promise<ErrorBody | undefined> {
  const text = await response.clone().text();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}
