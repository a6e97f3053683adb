import { useCallback, useEffect, useRef, useState } from "react";
import { getApiClient } from "./configured.ts";
import type { ApiError } from "./errors.ts";
import { sendWrite, type WriteData, type WriteInit, type WriteMethod, type WritePath } from "./queries.ts";

type ActionState<TData> =
  | { status: "idle"; data: undefined; error: null }
  | { status: "pending"; data: undefined; error: null }
  | { status: "success"; data: TData; error: null }
  | { status: "error"; data: undefined; error: ApiError };

const idle = { status: "idle", data: undefined, error: null } as const;

/** What a dropped second send returns: it never settles, so nothing awaiting it runs twice. */
const dropped = <T>(): Promise<T> => new Promise<T>(() => {});

export interface ApiAction<TData, TInit> {
  /** Sends, and rejects with the {@link ApiError} that is also kept in `error`. */
  mutateAsync: (init: TInit) => Promise<TData>;
  /** Sends; the outcome is only on the state (`data` or `error`), as TanStack's own `mutate`. */
  mutate: (init: TInit) => void;
  reset: () => void;
  data: TData | undefined;
  error: ApiError | null;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

/**
 * A typed write of the contract for the pages outside the signed-in shell (sign-in and account
 * recovery), with the state a form needs and without TanStack Query: those pages have no cache to
 * update, and the query library is then not downloaded before the user has signed in. It sends
 * once at a time, as {@link useSingleFlightMutation} does, for the same reason: a double click
 * reaches the handler twice before React has rendered the pending state.
 */
export function useApiAction<M extends WriteMethod, P extends WritePath<M>>(
  method: M,
  path: P,
): ApiAction<WriteData<M, P>, WriteInit<M, P>> {
  type TData = WriteData<M, P>;
  const [state, setState] = useState<ActionState<TData>>(idle);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const update = useCallback((next: ActionState<TData>) => {
    if (mounted.current) setState(next);
  }, []);

  const mutateAsync = useCallback(
    async (init: WriteInit<M, P>): Promise<TData> => {
      if (inFlight.current) return dropped<TData>();
      inFlight.current = true;
      update({ status: "pending", data: undefined, error: null });
      try {
        const data = await sendWrite(getApiClient(), method, path, init);
        update({ status: "success", data, error: null });
        return data;
      } catch (error) {
        update({ status: "error", data: undefined, error: error as ApiError });
        throw error;
      } finally {
        inFlight.current = false;
      }
    },
    [method, path, update],
  );
  const mutate = useCallback((init: WriteInit<M, P>) => void mutateAsync(init).catch(() => {}), [mutateAsync]);
  const reset = useCallback(() => update(idle), [update]);

  return {
    mutateAsync,
    mutate,
    reset,
    data: state.data,
    error: state.error,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
  };
}
