import { type UseMutationOptions, type UseQueryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { type ApiClient, type ApiClientOptions, createApiClient } from "./client.ts";
import type { ApiError } from "./errors.ts";
import {
  type ApiData,
  createApiQueries,
  type GetInit,
  type GetPath,
  type WriteData,
  type WriteInit,
  type WriteMethod,
  type WritePath,
} from "./queries.ts";

let current: ApiClient | undefined;

/** Creates the client the app's queries use. Call once at start-up (and again in tests). */
export function configureApiClient(options: ApiClientOptions): ApiClient {
  current = createApiClient(options);
  return current;
}

export function getApiClient(): ApiClient {
  if (!current) throw new Error("configureApiClient() must run before the first request");
  return current;
}

/** Typed `queryOptions` and `mutationFn` for every operation of openapi.yaml, over the configured client. */
export const api = createApiQueries(getApiClient);

/** A typed query for any GET of the contract. Feature `api/` hooks build on this or on `api.queryOptions`. */
export function useApiQuery<P extends GetPath>(
  path: P,
  init?: GetInit<P>,
  options?: Omit<UseQueryOptions<ApiData<P>, ApiError>, "queryKey" | "queryFn">,
) {
  const base = (api.queryOptions as (p: P, i?: GetInit<P>) => ReturnType<typeof api.queryOptions<P>>)(path, init);
  return useQuery({ ...base, ...options });
}

/** A typed mutation for any write of the contract. */
export function useApiMutation<M extends WriteMethod, P extends WritePath<M>, TContext = unknown>(
  method: M,
  path: P,
  options?: Omit<UseMutationOptions<WriteData<M, P>, ApiError, WriteInit<M, P>, TContext>, "mutationFn">,
) {
  return useMutation<WriteData<M, P>, ApiError, WriteInit<M, P>, TContext>({
    mutationKey: [method, path],
    mutationFn: api.mutationFn(method, path),
    ...options,
  });
}
