import {
  api,
  apiQueryKey,
  type CreditType,
  type TopupCreditRequest,
  type TransactionAction,
  useApiMutation,
} from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { requireBody } from "../../../lib/requireBody.ts";

export const useCreditBalanceDetail = () =>
  useQuery({ ...api.queryOptions("/api/v1/credit/credit-transactions/credit-balance/") });

export const useCreditTransactionGraph = () =>
  useQuery({ ...api.queryOptions("/api/v1/credit/credit-transactions/credit-transaction-graph/"), staleTime: 60_000 });

export interface TransactionQuery {
  page: number;
  pageSize: number;
  action: TransactionAction | undefined;
  type: CreditType | undefined;
}

export function useCreditTransactions({ page, pageSize, action, type }: TransactionQuery) {
  return useQuery({
    ...api.queryOptions("/api/v1/credit/credit-transactions/", {
      params: {
        query: {
          page,
          page_size: pageSize,
          ...(action ? { transaction_action: action } : {}),
          ...(type ? { transaction_type: type } : {}),
        },
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The contract has two payment lists: `/payment/` holds every payment of the company (credit
 * top-ups and payments for scans, e.g. a threat-inspection purchase); `/payment/topup-credit/`
 * only the credit top-ups. Credits Activity shows the full history and lets the user narrow it.
 */
export type PaymentScope = "all" | "topup";

export function usePayments({ page, pageSize, scope }: { page: number; pageSize: number; scope: PaymentScope }) {
  const init = { params: { query: { page, page_size: pageSize } } };
  return useQuery({
    ...(scope === "topup"
      ? api.queryOptions("/api/v1/payment/topup-credit/", init)
      : api.queryOptions("/api/v1/payment/", init)),
    placeholderData: keepPreviousData,
  });
}

export function useRequestTopup() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation("post", "/api/v1/payment/topup-credit/", {
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/payment/") }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/payment/topup-credit/") }),
      ]);
    },
  });
  return { ...mutation, request: (body: TopupCreditRequest) => requireBody(mutation.mutateAsync({ body })) };
}
