import {
  api,
  apiQueryKey,
  type Ticket,
  type TicketCategory,
  type TicketStatus,
  useApiMutation,
} from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { requireBody } from "../../../lib/requireBody.ts";

export interface TicketListQuery {
  page: number;
  pageSize: number;
  search: string;
  status: TicketStatus | undefined;
  /** Staff narrow the list to one company; null or absent: every company they may see. */
  company?: number | null;
}

export function useTickets({ page, pageSize, search, status, company = null }: TicketListQuery) {
  return useQuery({
    ...api.queryOptions("/api/v1/ticket/", {
      params: {
        query: {
          page,
          page_size: pageSize,
          ...(search ? { search } : {}),
          ...(status ? { status } : {}),
          ...(company !== null ? { company } : {}),
        },
      },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number) {
  return useQuery(api.queryOptions("/api/v1/ticket/{id}/", { params: { path: { id } } }));
}

/** Builds the multipart body: text fields, then each file under `attachments`. */
function toFormData(fields: Record<string, string | number | undefined>, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  for (const file of files) form.append("attachments", file, file.name);
  return form;
}

export interface ReplyInput {
  message: string;
  files: readonly File[];
  /** The draft's send key: the same for a retry of the same draft (see lib/sendKey.ts). */
  idempotencyKey: string;
}

/** Posts a reply (multipart, so files travel with it) and refreshes the thread and the lists. */
export function usePostTicketMessage(ticketId: number) {
  const queryClient = useQueryClient();
  const mutation = useApiMutation("post", "/api/v1/ticket/{id}/messages/", {
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/ticket/{id}/") }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/ticket/") }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/dashboard/ticket/latest-ticket/") }),
      ]);
    },
  });
  return {
    ...mutation,
    send: ({ message, files, idempotencyKey }: ReplyInput) =>
      mutation.mutateAsync({
        params: { path: { id: ticketId }, header: { "Idempotency-Key": idempotencyKey } },
        body: { message },
        bodySerializer: () => toFormData({ message }, files),
      }),
  };
}

export interface NewTicketInput {
  name: string;
  category: TicketCategory;
  description: string;
  /** Credits requested; only for a top-up credit request. */
  topup_amount?: number;
  files: readonly File[];
  /** The draft's send key: the same for a retry of the same draft (see lib/sendKey.ts). */
  idempotencyKey: string;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation("post", "/api/v1/ticket/", {
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/ticket/") }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/dashboard/ticket/overview/") }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/dashboard/ticket/latest-ticket/") }),
      ]);
    },
  });
  return {
    ...mutation,
    create: ({ files, idempotencyKey, ...fields }: NewTicketInput) =>
      requireBody(
        mutation.mutateAsync({
          params: { header: { "Idempotency-Key": idempotencyKey } },
          body: fields,
          bodySerializer: () => toFormData({ ...fields }, files),
        }),
      ),
  };
}

/**
 * After a lifecycle change the answer is the ticket as it now is: it replaces the cached detail at
 * once, and the lists and dashboard figures that count statuses and ratings are fetched again.
 */
function useLifecycleSuccess() {
  const queryClient = useQueryClient();
  return async (ticket: Ticket | undefined) => {
    if (ticket) {
      queryClient.setQueryData(
        api.queryOptions("/api/v1/ticket/{id}/", { params: { path: { id: ticket.id } } }).queryKey,
        ticket,
      );
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/ticket/") }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/dashboard/ticket/overview/") }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/dashboard/ticket/latest-ticket/") }),
    ]);
  };
}

/** Moves a ticket to another status (staff: processing or closed; clients: close or reopen). */
export function useUpdateTicketStatus(ticketId: number) {
  const onSuccess = useLifecycleSuccess();
  const mutation = useApiMutation("post", "/api/v1/ticket/{id}/status/", { onSuccess });
  return {
    ...mutation,
    setStatus: (status: TicketStatus) =>
      requireBody(mutation.mutateAsync({ params: { path: { id: ticketId } }, body: { status } })),
  };
}

/** Assigns a ticket to a staff member, or to nobody (null). Staff only. */
export function useAssignTicket(ticketId: number) {
  const onSuccess = useLifecycleSuccess();
  const mutation = useApiMutation("post", "/api/v1/ticket/{id}/assign/", { onSuccess });
  return {
    ...mutation,
    assign: (assignee: number | null) =>
      requireBody(mutation.mutateAsync({ params: { path: { id: ticketId } }, body: { assignee } })),
  };
}

/** A client's rating of a closed ticket, with an optional comment. */
export function useRateTicket(ticketId: number) {
  const onSuccess = useLifecycleSuccess();
  const mutation = useApiMutation("post", "/api/v1/ticket/{id}/rating/", { onSuccess });
  return {
    ...mutation,
    rate: (rating: number, comment: string) =>
      requireBody(
        mutation.mutateAsync({
          params: { path: { id: ticketId } },
          body: comment.trim() ? { rating, comment } : { rating },
        }),
      ),
  };
}

/** The staff a ticket can be assigned to (staff only: clients are refused the list). */
export function useAnalysts(enabled: boolean) {
  return useQuery({ ...api.queryOptions("/api/v1/user/analyst/"), enabled });
}
