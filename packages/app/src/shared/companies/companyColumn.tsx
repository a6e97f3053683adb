import { UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper, type PagedTableColumns } from "@sentinel/ui/table";

/**
 * Staff see every company's rows, so their table says whose each one is: the company goes right
 * after the row's main cell.
 */
export function withCompanyColumn<TRow extends { company: { name: string } }>(
  columns: PagedTableColumns<TRow>,
): PagedTableColumns<TRow> {
  const helper = createPagedTableColumnHelper<TRow>();
  const company = helper.accessor((row) => row.company.name, {
    id: "company",
    header: "Company",
    cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText>,
  });
  return [...columns.slice(0, 1), company, ...columns.slice(1)];
}
