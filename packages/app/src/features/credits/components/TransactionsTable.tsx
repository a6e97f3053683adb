import type { CreditTransaction, CreditType, TransactionAction } from "@sentinel/api-client";
import { Badge, Button, formatDateTime, Link, Select } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { Download } from "lucide-react";
import { useMemo } from "react";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { useCreditTransactions, useCreditTransactionsExport } from "../api/credits.ts";
import {
  amountTone,
  creditTypeLabel,
  creditTypeLabels,
  formatTransactionAmount,
  signedAmount,
  transactionActionLabels,
} from "../format.ts";
import { referenceHref } from "../references.ts";
import * as styles from "./credits.css.ts";

const actionTones = { TOPUP: "positive", SPENDING: "neutral", REFUND: "info" } as const;

const helper = createPagedTableColumnHelper<CreditTransaction>();
const dateColumn = helper.accessor("created_at", {
  header: "Date",
  meta: { isRowHeader: true },
  cell: (info) => formatDateTime(info.getValue()),
});
// Staff see every company's transactions at once, so the list says whose each one is.
const companyColumn = helper.accessor((row) => row.company.name, { id: "company", header: "Company" });
const otherColumns = helper.columns([
  helper.accessor("transaction_action", {
    header: "Action",
    cell: (info) => (
      <Badge
        tone={actionTones[info.getValue()] ?? "neutral"}
        label={transactionActionLabels[info.getValue()] ?? info.getValue()}
      />
    ),
  }),
  helper.accessor("transaction_type", { header: "Credit type", cell: (info) => creditTypeLabel(info.getValue()) }),
  helper.accessor("amount", {
    header: "Amount",
    meta: { align: "end" },
    cell: (info) => (
      <span className={styles.amount} data-tone={amountTone(signedAmount(info.row.original))}>
        {formatTransactionAmount(info.row.original)}
      </span>
    ),
  }),
  // What the credits were for, leading to the scan's page or the invoice; names are the user's text.
  helper.accessor("description", {
    header: "For",
    cell: (info) => {
      const reference = info.row.original.reference;
      return reference ? <Link href={referenceHref(reference)}>{info.getValue()}</Link> : info.getValue();
    },
  }),
  helper.accessor("operator", { header: "Operator" }),
]);

const actionOptions = [
  { id: "all", label: "All actions" },
  ...(Object.keys(transactionActionLabels) as TransactionAction[]).map((id) => ({
    id,
    label: transactionActionLabels[id],
  })),
];
const typeOptions = [
  { id: "all", label: "All credit types" },
  ...(Object.keys(creditTypeLabels) as CreditType[]).map((id) => ({ id, label: creditTypeLabels[id] })),
];

export function isTransactionAction(value: string | undefined): value is TransactionAction {
  return value !== undefined && value in transactionActionLabels;
}
export function isCreditType(value: string | undefined): value is CreditType {
  return value !== undefined && value in creditTypeLabels;
}

export interface TransactionsTableProps {
  /** Adds the Company column (staff looking at every company's transactions). @default false */
  showCompany?: boolean;
  page: number;
  pageSize: number;
  action: TransactionAction | undefined;
  type: CreditType | undefined;
  /** Staff's chosen company; null: the viewer's own, or every company for staff. @default null */
  company?: number | null;
  onChange: (change: { page?: number; action?: string | null; type?: string | null }) => void;
}

/** Credit movements, newest first; spending shows as a negative amount. */
export function TransactionsTable({
  page,
  pageSize,
  action,
  type,
  company = null,
  showCompany = false,
  onChange,
}: TransactionsTableProps) {
  const query = useCreditTransactions({ page, pageSize, action, type, company });
  const { exportCsv, isExporting } = useCreditTransactionsExport();
  const columns = useMemo(
    () => (showCompany ? [dateColumn, companyColumn, ...otherColumns] : [dateColumn, ...otherColumns]),
    [showCompany],
  );
  return (
    <QueryPagedTable
      aria-label="Credit transactions"
      columns={columns}
      query={query}
      noun="the transactions"
      getRowId={(row) => String(row.id)}
      onPageChange={(next) => onChange({ page: next })}
      emptyMessage={action || type ? "No transactions match these filters." : "No credit transactions yet."}
      filters={
        <>
          <Select
            label="Action"
            items={actionOptions}
            value={action ?? "all"}
            onChange={(key) => onChange({ action: key === "all" || key === null ? null : String(key) })}
          />
          <Select
            label="Credit type"
            items={typeOptions}
            value={type ?? "all"}
            onChange={(key) => onChange({ type: key === "all" || key === null ? null : String(key) })}
          />
          {/* The file holds every transaction of these filters, not only this page. */}
          <Button
            variant="outline"
            isPending={isExporting}
            isDisabled={query.data?.count === 0}
            onPress={() => void exportCsv({ action, type, company })}
          >
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </>
      }
      paginationLabel="Transaction pages"
    />
  );
}
