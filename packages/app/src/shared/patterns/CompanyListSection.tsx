import { Heading, Stack } from "@sentinel/ui";
import type { PagedTableColumns } from "@sentinel/ui/table";
import { useId, useMemo } from "react";
import { CompanyFilter } from "../companies/CompanyFilter.tsx";
import { withCompanyColumn } from "../companies/companyColumn.tsx";
import type { CompanyListParams } from "../companies/useCompanyListParams.ts";
import { QueryPagedTable, type QueryPagedTableProps } from "./QueryPagedTable.tsx";

type OwnProps = "columns" | "onPageChange" | "filters" | "emptyMessage" | "aria-label" | "aria-labelledby";
type TableProps<TRow extends object> =
  QueryPagedTableProps<TRow> extends infer P ? (P extends unknown ? Omit<P, OwnProps> : never) : never;

export type CompanyListSectionProps<TRow extends { company: { name: string } }> = TableProps<TRow> & {
  /** The section's heading; it names the table unless `tableLabel` is given. */
  heading: string;
  /** The table's own name, where the heading alone would be ambiguous on the page. */
  tableLabel?: string;
  /** The screen's URL state (`useCompanyListParams`): page, search and the company filter. */
  list: CompanyListParams;
  /** The columns a client sees; staff get the company column after the first. Keep stable (module scope or memo). */
  columns: PagedTableColumns<TRow>;
  /** The empty state: `all` for the whole list, `company` once staff narrowed it, `search` when searching. */
  emptyMessages: { all: string; company: string; search?: string };
};

/**
 * An area's main list: heading, a query-fed paged table paged through the URL and, for staff, the
 * company column and filter.
 */
export function CompanyListSection<TRow extends { company: { name: string } }>({
  heading,
  tableLabel,
  list,
  columns,
  emptyMessages,
  ...table
}: CompanyListSectionProps<TRow>) {
  const headingId = useId();
  const { params, update, filter } = list;
  const { staff, company } = filter;
  const shownColumns = useMemo(() => (staff ? withCompanyColumn(columns) : columns), [staff, columns]);
  const emptyMessage =
    params.search && emptyMessages.search
      ? emptyMessages.search
      : staff && company !== null
        ? emptyMessages.company
        : emptyMessages.all;
  const labelling = tableLabel ? { "aria-label": tableLabel } : { "aria-labelledby": headingId };
  return (
    <Stack as="section" space="medium" aria-labelledby={headingId}>
      <Heading level={2} id={headingId}>
        {heading}
      </Heading>
      <QueryPagedTable<TRow>
        {...(table as Omit<QueryPagedTableProps<TRow>, OwnProps>)}
        {...labelling}
        columns={shownColumns}
        onPageChange={(page) => update({ page })}
        filters={
          staff ? <CompanyFilter filter={filter} onChange={(company) => update({ filters: { company } })} /> : undefined
        }
        emptyMessage={emptyMessage}
      />
    </Stack>
  );
}
