import { api } from "@sentinel/api-client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/**
 * The top bar's balance. Spec §4: a failed fetch does not reset it, so the last good value
 * stays on screen (TanStack Query keeps `data` on error; placeholderData covers a refetch).
 */
export function useCreditBalance(enabled: boolean) {
  const query = useQuery({
    ...api.queryOptions("/api/v1/credit/credit-transactions/credit-balance/"),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  return {
    /** `null` until the first answer; a missing `balance` counts as 0. */
    balance: query.data ? (typeof query.data.balance === "number" ? query.data.balance : 0) : null,
    isLoading: query.isPending && enabled,
  };
}
