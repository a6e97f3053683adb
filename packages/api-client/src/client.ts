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
}

/**
 * The typed HTTP client. Any status from 200 to 299 resolves; everything else, including a
 * network failure, rejects with an {@link ApiError} that carries the status and the API's body.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(authMiddleware(options), errorMiddleware(options));
  return client;
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
      return new ApiError(0, undefined, request.url, { cause: error });
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
