import {
  api,
  apiQueryKey,
  type CreditType,
  downloadCreditTransactionsExport,
  getApiClient,
  type TopupCreditRequest,
  type TransactionAction,
  useApiMutation,
} from "@sentinel/api-client";
import { type ToastQueue, toastQueue } from "@sentinel/ui";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { requireBody } from "../../../lib/requireBody.ts";
import { saveFile } from "../../../shared/findings/api/saveFile.ts";

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

/** One payment by id (a transaction's invoice link opens it); `null` asks nothing. */
export const usePayment = (id: number | null) =>
  useQuery({
    ...api.queryOptions("/api/v1/payment/{id}/", { params: { path: { id: id ?? 0 } } }),
    enabled: id !== null,
  });

/**
 * Downloads the transactions of the list's filters as CSV (the server writes it, static mode builds
 * it) and offers it to save; a failure is a critical toast with the reason, and the call resolves false.
 */
export function useCreditTransactionsExport({ toasts = toastQueue }: { toasts?: ToastQueue } = {}) {
  const [isExporting, setExporting] = useState(false);
  const exportCsv = useCallback(
    async ({ action, type, company = null }: Omit<TransactionQuery, "page" | "pageSize">): Promise<boolean> => {
      setExporting(true);
      try {
        const file = await downloadCreditTransactionsExport(getApiClient(), {
          ...(action ? { transaction_action: action } : {}),
          ...(type ? { transaction_type: type } : {}),
          ...companyQuery(company),
        });
        saveFile(file.blob, file.filename);
        return true;
      } catch (caught) {
        toasts.add({
          title: "Could not export the transactions",
          description: loadErrorMessage(caught, "the transactions"),
          tone: "critical",
        });
        return false;
      } finally {
        setExporting(false);
      }
    },
    [toasts],
  );
  return { exportCsv, isExporting };
}
