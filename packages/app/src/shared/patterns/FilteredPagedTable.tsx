import { api, type Ticket, type TicketStatus } from "@sentinel/api-client";
import {
  Button,
  formatDateTime,
  Heading,
  Link,
  Select,
  StatusBadge,
  ticketStatusTones,
  UntrustedText,
} from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { paths } from "../../config/paths.ts";
import { useListParams } from "../../lib/useListParams.ts";
import * as styles from "./patterns.css.ts";
import { QueryPagedTable } from "./QueryPagedTable.tsx";

const statuses = ["UNREAD", "PROCESSING", "CLOSED"] as const satisfies readonly TicketStatus[];
const statusOptions = [
  { id: "all", label: "All statuses" },
  ...statuses.map((id) => ({ id, label: ticketStatusTones[id].label })),
];

function isStatus(value: string | undefined): value is TicketStatus {
  return (statuses as readonly string[]).includes(value ?? "");
}

const helper = createPagedTableColumnHelper<Ticket>();
const columns = helper.columns([
  helper.accessor("ticket_id", {
    header: "Ticket ID",
    meta: { isRowHeader: true },
    // The row's way onward is a real link (new tab, copy address).
    cell: (info) => <Link href={paths.ticket_detail.getHref({ id: info.row.original.id })}>{info.getValue()}</Link>,
  }),
  helper.accessor("name", { header: "Subject", cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText> }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="ticket" status={info.getValue()} />,
  }),
  helper.accessor("created_at", {
    header: "Created",
    // UTC keeps the pattern's screenshots the same on every machine; the app shows local time.
    cell: (info) => formatDateTime(info.getValue(), { timeZone: "UTC" }),
  }),
]);

/**
 * The app's list screen pattern: search, a status filter and the page live in the URL
 * (`useListParams`), the query keeps the previous page while the next loads, a filtered empty
 * result offers to clear the filters, and a failed load offers Retry.
 */
export function FilteredPagedTable() {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [params, setParams] = useListParams({ filters: ["status"] });
  const status = isStatus(params.filters.status) ? params.filters.status : undefined;
  const query = useQuery({
    ...api.queryOptions("/api/v1/ticket/", {
      params: {
        query: {
          page: params.page,
          page_size: params.pageSize,
          ...(params.search ? { search: params.search } : {}),
          ...(status ? { status } : {}),
        },
      },
    }),
    placeholderData: keepPreviousData,
  });
  const isFiltered = params.search !== "" || status !== undefined;

  const clearFilters = () => {
    setParams({ search: "", filters: { status: null } });
    // The button goes away with the filters; focus goes to the search box rather than the page's top.
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus());
  };

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className={styles.section}>
      <Heading level={2} id={headingId}>
        Tickets
      </Heading>
      <QueryPagedTable
        aria-labelledby={headingId}
        columns={columns}
        query={query}
        noun="the tickets"
        onPageChange={(page) => setParams({ page })}
        search={params.search}
        onSearchChange={(search) => setParams({ search })}
        searchLabel="Search tickets"
        searchPlaceholder="Ticket ID or subject"
        emptyMessage={isFiltered ? "No tickets match these filters." : "No tickets yet."}
        filters={
          <>
            <Select
              label="Status"
              items={statusOptions}
              value={status ?? "all"}
              onChange={(key) => setParams({ filters: { status: key === "all" || key === null ? null : String(key) } })}
            />
            {isFiltered ? (
              <Button variant="outline" onPress={clearFilters}>
                Clear filters
              </Button>
            ) : null}
          </>
        }
        paginationLabel="Ticket pages"
      />
    </section>
  );
}
