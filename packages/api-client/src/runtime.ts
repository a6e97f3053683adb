import {
  type UseMutateAsyncFunction,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { getApiClient } from "./configured.ts";
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

/** What a dropped second send returns: it never settles, so nothing awaiting it runs twice. */
const dropped = <T>(): Promise<T> => new Promise<T>(() => {});

/**
 * `useMutation` that sends once at a time: while a send is in flight, `mutate` and `mutateAsync`
 * do nothing (`mutateAsync` returns a promise that never settles, so the caller's follow-up runs
 * once, for the send that was made). A double click or a repeated Enter reaches the handler twice
 * before React has rendered the first press's pending state (TanStack Query reports it a tick
 * later), so `isPending` cannot stop the second send; this synchronous flag does. Every write of
 * the app goes through it (the lint forbids `useMutation` in the app).
 */
export function useSingleFlightMutation<TData = unknown, TError = ApiError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef(false);
  const send = mutation.mutateAsync;
  const mutateAsync: UseMutateAsyncFunction<TData, TError, TVariables, TContext> = useCallback(
    (...args: Parameters<typeof send>) => {
      if (inFlight.current) return dropped<TData>();
      inFlight.current = true;
      const sent = send(...args);
      const settle = () => {
        inFlight.current = false;
      };
      sent.then(settle, settle);
      return sent;
    },
    [send],
  );
  const mutate: UseMutateFunction<TData, TError, TVariables, TContext> = useCallback(
    (...args: Parameters<typeof send>) => {
      // As TanStack's own `mutate`: the error is on the mutation's state, not a rejection.
      mutateAsync(...args).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}

/** A typed mutation for any write of the contract; sends once at a time ({@link useSingleFlightMutation}). */
export function useApiMutation<M extends WriteMethod, P extends WritePath<M>, TContext = unknown>(
  method: M,
  path: P,
  options?: Omit<UseMutationOptions<WriteData<M, P>, ApiError, WriteInit<M, P>, TContext>, "mutationFn">,
) {
  return useSingleFlightMutation<WriteData<M, P>, ApiError, WriteInit<M, P>, TContext>({
    mutationKey: [method, path],
    mutationFn: api.mutationFn(method, path),
    ...options,
  });
}
