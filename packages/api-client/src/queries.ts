import { queryOptions as tanstackQueryOptions } from "@tanstack/react-query";
import type { FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import type { ApiClient, ApiPaths } from "./client.ts";
import type { ApiError } from "./errors.ts";

type InitArgs<Init> = RequiredKeysOf<Init> extends never ? [init?: Init] : [init: Init];

export type GetPath = PathsWithMethod<ApiPaths, "get">;
export type GetInit<P extends GetPath> = MaybeOptionalInit<ApiPaths[P], "get">;
/** The success body of a GET on `P`. */
export type ApiData<P extends GetPath> = NonNullable<
  FetchResponse<ApiPaths[P]["get"], GetInit<P>, `${string}/${string}`>["data"]
>;

export type WriteMethod = Extract<HttpMethod, "post" | "put" | "patch" | "delete">;
export type WritePath<M extends WriteMethod> = PathsWithMethod<ApiPaths, M>;
export type WriteInit<M extends WriteMethod, P extends WritePath<M>> = MaybeOptionalInit<ApiPaths[P], M>;
export type WriteData<M extends WriteMethod, P extends WritePath<M>> = FetchResponse<
  NonNullable<ApiPaths[P][M]>,
  WriteInit<M, P>,
  `${string}/${string}`
>["data"];

/** The query key every GET uses: `["get", path, init]`. Invalidate by prefix with `["get", path]`. */
export function apiQueryKey<P extends GetPath>(path: P, init?: GetInit<P>) {
  return init === undefined ? (["get", path] as const) : (["get", path, init] as const);
}

/**
 * One write of the contract over `client`. Kept apart from the query library, which the pages
 * before sign-in do not download (they send their writes through `useApiAction`).
 */
export async function sendWrite<M extends WriteMethod, P extends WritePath<M>>(
  client: ApiClient,
  method: M,
  path: P,
  init: WriteInit<M, P>,
): Promise<WriteData<M, P>> {
  const verb = { post: client.POST, put: client.PUT, patch: client.PATCH, delete: client.DELETE }[method];
  const send = verb as unknown as (p: P, i: WriteInit<M, P>) => Promise<{ data?: WriteData<M, P> }>;
  const { data } = await send(path, init);
  return data as WriteData<M, P>;
}

/**
 * Query and mutation factories over one client. Every GET of the contract gets a typed
 * `queryOptions`, every write a typed `mutationFn`; errors are always {@link ApiError}.
 */
export function createApiQueries(getClient: () => ApiClient) {
  function queryOptions<P extends GetPath>(path: P, ...[init]: InitArgs<GetInit<P>>) {
    return tanstackQueryOptions<ApiData<P>, ApiError>({
      queryKey: apiQueryKey(path, init),
      queryFn: async ({ signal }) => {
        // The client's generic overloads cannot be resolved from a generic path; the public signature keeps the types.
        const get = getClient().GET as unknown as (p: P, i: object) => Promise<{ data?: ApiData<P> }>;
        const { data } = await get(path, { ...(init ?? {}), signal });
        return data as ApiData<P>;
      },
    });
  }

  function mutationFn<M extends WriteMethod, P extends WritePath<M>>(method: M, path: P) {
    return (init: WriteInit<M, P>) => sendWrite(getClient(), method, path, init);
  }

  return { queryOptions, mutationFn };
}

export type ApiQueries = ReturnType<typeof createApiQueries>;
