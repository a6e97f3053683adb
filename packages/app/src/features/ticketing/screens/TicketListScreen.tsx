import type { Ticket } from "@sentinel/api-client";
import { Button, formatDateTime, Link, Select, StatusBadge, ticketStatusTones, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { VisuallyHidden } from "react-aria-components";
import { type URLSearchParamsInit, useNavigate, useSearchParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { type NewTicketPrefill, newTicketParams, paths } from "../../../config/paths.ts";
import { useDraftStore } from "../../../lib/DraftsContext.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useSession } from "../../../lib/SessionContext.tsx";
import { useListParams } from "../../../lib/useListParams.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { useTickets } from "../api/tickets.ts";
import { CreateTicketDialog } from "../components/CreateTicketDialog.tsx";
import { FirstResponseDue } from "../components/FirstResponseDue.tsx";
import * as styles from "../components/ticketing.css.ts";
import { newTicketDraftId, parseNewTicketDraft } from "../drafts.ts";
import { isTicketCategory, isTicketStatus, personName, ticketCategoryLabels, ticketStatuses } from "../ticketText.ts";

const helper = createPagedTableColumnHelper<Ticket>();

/** The requester, with their company under the name unless a Company column already names it. */
function requestorColumn(withCompany: boolean) {
  return helper.display({
    id: "requestor",
    header: "Requestor",
    cell: (info) =>
      withCompany ? (
        <span className={styles.stacked}>
          <UntrustedText>{personName(info.row.original.requestor)}</UntrustedText>
          <span className={styles.secondary}>
            <UntrustedText>{info.row.original.company?.name ?? "No company"}</UntrustedText>
          </span>
        </span>
      ) : (
        <UntrustedText>{personName(info.row.original.requestor)}</UntrustedText>
      ),
  });
}
const columns = helper.columns([
  helper.accessor("ticket_id", {
    header: "Ticket ID",
    meta: { isRowHeader: true },
    cell: (info) => <Link href={paths.ticket_detail.getHref({ id: info.row.original.id })}>{info.getValue()}</Link>,
  }),
  helper.accessor("name", {
    header: "Subject",
    cell: (info) => (
      <span className={styles.subject}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </span>
    ),
  }),
  helper.accessor("category", {
    header: "Category",
    cell: (info) => info.row.original.category_display || ticketCategoryLabels[info.getValue()] || info.getValue(),
  }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="ticket" status={info.getValue()} />,
  }),
  requestorColumn(true),
  helper.accessor("created_at", { header: "Created", cell: (info) => formatDateTime(info.getValue()) }),
  helper.accessor("first_response_due", {
    header: "First response due",
    cell: (info) => <FirstResponseDue ticket={info.row.original} />,
  }),
]);

// Staff answer every company's tickets, so their table says whose each one is, after the ticket id.
const companyColumn = helper.accessor((row) => row.company?.name ?? "No company", {
  id: "company",
  header: "Company",
  cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText>,
});
const staffColumns = [
  ...columns.slice(0, 1),
  companyColumn,
  ...columns.slice(1).map((column) => (column.id === "requestor" ? requestorColumn(false) : column)),
];

const statusOptions = [
  { id: "all", label: "All statuses" },
  ...ticketStatuses.map((status) => ({
    id: status,
    label: ticketStatusTones[status].label,
  })),
];

function withoutNewTicketParams(current: URLSearchParams): URLSearchParamsInit {
  const next = new URLSearchParams(current);
  for (const name of newTicketParams) next.delete(name);
  return next;
}

/** A link that reports a problem (`newTicketHref`) opens the form filled in; anything unreadable opens it empty. */
function prefillOf(search: URLSearchParams): NewTicketPrefill | undefined {
  const category = search.get("category");
  if (!isTicketCategory(category)) return undefined;
  return { subject: search.get("subject") ?? "", category, description: search.get("description") ?? "" };
}

export function TicketListScreen() {
  usePageMeta({ title: "Ticket", breadcrumbs: [{ label: "Ticket" }] });
  const navigate = useNavigate();
  const [params, setParams] = useListParams({ filters: ["status", "company"] });
  const status = isTicketStatus(params.filters.status) ? params.filters.status : undefined;
  const companyFilter = useCompanyFilter(params.filters.company);
  const { staff, company } = companyFilter;
  const query = useTickets({ page: params.page, pageSize: params.pageSize, search: params.search, status, company });
  const [searchParams, setSearchParams] = useSearchParams();
  const openedByLink = searchParams.get("new") === "1";
  const [isCreating, setCreating] = useState(openedByLink);
  const [prefill] = useState(() => (openedByLink ? prefillOf(searchParams) : undefined));
  const drafts = useDraftStore();
  const userId = useSession().user?.id ?? null;
  // A ticket was being written when the page went away (an expired session's sign-in): reopen it.
  useEffect(() => {
    if (userId !== null && drafts.load(newTicketDraftId, userId, parseNewTicketDraft)) setCreating(true);
  }, [drafts, userId]);

  return (
    <Page
      title="Ticket"
      description="Questions, problems and top-up credit requests, with the time left for our first response."
      actions={
        <Button variant="solid" onPress={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New ticket
        </Button>
      }
    >
      {/* The table's own empty and error headings are h3; this keeps the outline without repeating the h1. */}
      <VisuallyHidden elementType="h2">All tickets</VisuallyHidden>
      <QueryPagedTable
        aria-label="Tickets"
        columns={staff ? staffColumns : columns}
        query={query}
        noun="the tickets"
        onPageChange={(page) => setParams({ page })}
        search={params.search}
        onSearchChange={(search) => setParams({ search })}
        searchLabel="Search tickets"
        searchPlaceholder="Ticket ID, subject or requestor"
        emptyMessage={
          params.search || status || (staff && company !== null)
            ? "No tickets match these filters."
            : "No tickets yet. Open one when you need help."
        }
        filters={
          <>
            <Select
              label="Status"
              items={statusOptions}
              value={status ?? "all"}
              onChange={(key) => setParams({ filters: { status: key === "all" || key === null ? null : String(key) } })}
            />
            {staff ? (
              <CompanyFilter filter={companyFilter} onChange={(company) => setParams({ filters: { company } })} />
            ) : null}
          </>
        }
        onRowAction={(ticket) => void navigate(paths.ticket_detail.getHref({ id: ticket.id }))}
        paginationLabel="Ticket pages"
      />
      <CreateTicketDialog
        isOpen={isCreating}
        onOpenChange={(open) => {
          // Closing the dialog (Cancel, Escape, a click outside, or the ticket created) drops the draft.
          if (!open) drafts.discard(newTicketDraftId);
          setCreating(open);
          // The form's link parameters have done their job; Back should not open it again.
          if (!open && openedByLink) setSearchParams(withoutNewTicketParams, { replace: true });
        }}
        onCreated={(ticket) => void navigate(paths.ticket_detail.getHref({ id: ticket.id }))}
        prefill={prefill}
      />
    </Page>
  );
}
