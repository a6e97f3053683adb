import type { CreditTransaction, CreditType, TransactionAction } from "@sentinel/api-client";
import { Badge, formatDateTime, Select } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { useCreditTransactions } from "../api/credits.ts";
import {
  amountTone,
  creditTypeLabel,
  creditTypeLabels,
  formatTransactionAmount,
  signedAmount,
  transactionActionLabels,
} from "../format.ts";
import * as styles from "./credits.css.ts";

const actionTones = { TOPUP: "positive", SPENDING: "neutral", REFUND: "info" } as const;

const helper = createPagedTableColumnHelper<CreditTransaction>();
const columns = helper.columns([
  helper.accessor("created_at", {
    header: "Date",
    meta: { isRowHeader: true },
    cell: (info) => formatDateTime(info.getValue()),
  }),
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
  page: number;
  pageSize: number;
  action: TransactionAction | undefined;
  type: CreditType | undefined;
  /** Staff's chosen company; null: the viewer's own, or every company for staff. @default null */
  company?: number | null;
  onChange: (change: { page?: number; action?: string | null; type?: string | null }) => void;
}

/** Credit movements, newest first; spending shows as a negative amount. */
export function TransactionsTable({ page, pageSize, action, type, company = null, onChange }: TransactionsTableProps) {
  const query = useCreditTransactions({ page, pageSize, action, type, company });
  return (
    <QueryPagedTable
      aria-label="Credit transactions"
      columns={columns}
      query={query}
      noun="the transactions"
      getRowId={(row, index) => `${row.created_at}-${row.transaction_type}-${row.transaction_action}-${index}`}
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
        </>
      }
      paginationLabel="Transaction pages"
    />
  );
}
