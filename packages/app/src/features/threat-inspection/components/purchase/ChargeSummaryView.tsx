import type { ChargeSummary, ChargeSummaryEndpoint } from "@sentinel/api-client";
import { DescriptionList, formatCredits, formatDateTime, UntrustedText } from "@sentinel/ui";
import { createDataGridColumnHelper, DataGrid } from "@sentinel/ui/table";
import { APPLICATION_FEE, CREDIT_PRICE, scanFrequencyLabel } from "../../model/pricing.ts";
import * as styles from "./purchase.css.ts";

type Row = ChargeSummaryEndpoint & { id: string };

const helper = createDataGridColumnHelper<Row>();
const columns = helper.columns([
  helper.accessor((row) => row.host.name, {
    id: "host",
    header: "Endpoint",
    meta: { isRowHeader: true, width: "2fr" },
  }),
  helper.accessor((row) => row.host.domains.map((d) => d.name).join(", "), {
    id: "domains",
    header: "Domains",
    enableSorting: false,
    meta: { width: "3fr" },
    cell: (info) => <UntrustedText>{info.getValue() || "—"}</UntrustedText>,
  }),
  helper.accessor("credit", {
    header: "Credits",
    meta: { align: "end" },
    cell: (info) => formatCredits(info.getValue()),
  }),
]);

export interface ChargeSummaryViewProps {
  summary: ChargeSummary;
}

/** The invoice of a purchase as the server priced it: what will be charged, line by line. */
export function ChargeSummaryView({ summary }: ChargeSummaryViewProps) {
  const rows: Row[] = summary.endpoints.map((e, i) => ({ ...e, id: `${i}:${e.host.name}` }));
  return (
    <>
      <DescriptionList
        items={[
          { term: "Group name", description: summary.group_name },
          { term: "Invoice number", description: summary.invoice_number },
          { term: "Date", description: formatDateTime(summary.date) },
          { term: "Total endpoints", description: String(summary.total_endpoints) },
          { term: "Scan frequency", description: scanFrequencyLabel[summary.scan_frequency] },
          { term: "First scan", description: formatDateTime(summary.scan_time) },
        ]}
      />
      <DataGrid
        aria-label="Charged endpoints"
        columns={columns}
        rows={rows}
        height={Math.min(320, 40 * (rows.length + 1) + 2)}
      />
      <section aria-label="Totals">
        <dl className={styles.totals}>
          <dt>Credit price</dt>
          <dd className={styles.totalsValue}>{formatCredits(CREDIT_PRICE)}</dd>
          <dt>Application fee</dt>
          <dd className={styles.totalsValue}>{formatCredits(APPLICATION_FEE)}</dd>
          <dt className={styles.grandTotal}>Grand total</dt>
          <dd className={`${styles.totalsValue} ${styles.grandTotal}`}>{formatCredits(summary.grand_total)} credits</dd>
        </dl>
      </section>
    </>
  );
}
