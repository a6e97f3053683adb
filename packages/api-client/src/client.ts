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
  /** Called for every 401 response, before the request's promise rejects. */
  onUnauthorized?: (error: ApiError) => void;
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
  client.use(authMiddleware(options), errorMiddleware(options));
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

function authMiddleware(options: ApiClientOptions): Middleware {
  return {
    onRequest({ request }) {
      const token = options.getToken?.();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
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
