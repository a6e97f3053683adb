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

/** Staff narrow credits to one company; null: the viewer's own company, or every company for staff. */
export type CompanyScope = number | null;

const companyQuery = (company: CompanyScope) => (company !== null ? { company } : {});

/** `enabled` false: staff with no company chosen, who see a prompt instead of a balance. */
export const useCreditBalanceDetail = (company: CompanyScope = null, enabled = true) =>
  useQuery({
    ...api.queryOptions("/api/v1/credit/credit-transactions/credit-balance/", {
      params: { query: companyQuery(company) },
    }),
    enabled,
  });

export const useCreditTransactionGraph = (company: CompanyScope = null) =>
  useQuery({
    ...api.queryOptions("/api/v1/credit/credit-transactions/credit-transaction-graph/", {
      params: { query: companyQuery(company) },
    }),
    staleTime: 60_000,
  });

export interface TransactionQuery {
  page: number;
  pageSize: number;
  action: TransactionAction | undefined;
  type: CreditType | undefined;
  company?: CompanyScope;
}

export function useCreditTransactions({ page, pageSize, action, type, company = null }: TransactionQuery) {
  return useQuery({
    ...api.queryOptions("/api/v1/credit/credit-transactions/", {
      params: {
        query: {
          page,
          page_size: pageSize,
          ...(action ? { transaction_action: action } : {}),
          ...(type ? { transaction_type: type } : {}),
          ...companyQuery(company),
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

export function usePayments({
  page,
  pageSize,
  scope,
  company = null,
}: {
  page: number;
  pageSize: number;
  scope: PaymentScope;
  company?: CompanyScope;
}) {
  const init = { params: { query: { page, page_size: pageSize, ...companyQuery(company) } } };
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
