import type { Payment } from "@sentinel/api-client";
import {
  Badge,
  Button,
  formatBalance,
  formatDateTime,
  formatMoney,
  Select,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { useMemo } from "react";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { type PaymentScope, usePayments } from "../api/credits.ts";
import { paymentMethodLabels } from "../format.ts";
import { describeItems } from "../payments.ts";
import * as styles from "./credits.css.ts";

const helper = createPagedTableColumnHelper<Payment>();
// Staff see every company's payments, so their table says whose each one is, after the invoice.
const companyColumn = helper.accessor((row) => row.company.name, {
  id: "company",
  header: "Company",
  cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText>,
});

function columnsFor(onOpen: (payment: Payment) => void) {
  return helper.columns([
    helper.accessor("invoice_code", {
      header: "Invoice",
      meta: { isRowHeader: true },
      cell: (info) => (
        <Button
          variant="ghost"
          size="small"
          onPress={() => onOpen(info.row.original)}
          aria-label={`Details of ${info.getValue()}`}
        >
          <span className={styles.invoice}>
            <UntrustedText>{info.getValue()}</UntrustedText>
          </span>
        </Button>
      ),
    }),
    helper.display({ id: "items", header: "Items", cell: (info) => describeItems(info.row.original, formatBalance) }),
    helper.accessor("total_credit_amount", {
      header: "Total credit",
      meta: { align: "end" },
      cell: (info) => <span className={styles.numeric}>{formatBalance(info.getValue())}</span>,
    }),
    helper.accessor("total_paid_amount", {
      header: "Total paid",
      meta: { align: "end" },
      cell: (info) => <span className={styles.numeric}>{formatMoney(info.getValue())}</span>,
    }),
    helper.accessor("status", {
      header: "Status",
      cell: (info) => (
        <span className={styles.statusCell}>
          <StatusBadge kind="payment" status={info.getValue()} />
          {info.row.original.is_deleted ? <Badge label="Deleted" weight="outlined" /> : null}
        </span>
      ),
    }),
    helper.accessor("payment_method", {
      header: "Method",
      cell: (info) => paymentMethodLabels[info.getValue()] ?? info.getValue(),
    }),
    helper.accessor("created_at", { header: "Created", cell: (info) => formatDateTime(info.getValue()) }),
  ]);
}

const scopeOptions = [
  { id: "all", label: "All payments" },
  { id: "topup", label: "Credit top-ups" },
];

export interface PaymentsTableProps {
  page: number;
  pageSize: number;
  scope: PaymentScope;
  onChange: (change: { page?: number; scope?: string | null }) => void;
  onOpen: (payment: Payment) => void;
  /** Adds the Company column (staff see every company's payments). @default false */
  showCompany?: boolean;
  /** Staff's chosen company; null: the viewer's own, or every company for staff. @default null */
  company?: number | null;
}

export function PaymentsTable({
  page,
  pageSize,
  scope,
  onChange,
  onOpen,
  showCompany = false,
  company = null,
}: PaymentsTableProps) {
  const query = usePayments({ page, pageSize, scope, company });
  // The invoice button needs the opener; PagedTable wants stable columns, so build them once per opener.
  const columns = usePaymentColumns(onOpen, showCompany);
  return (
    <QueryPagedTable
      aria-label="Payments"
      columns={columns}
      query={query}
      noun="the payments"
      onPageChange={(next) => onChange({ page: next })}
      onRowAction={onOpen}
      emptyMessage={scope === "topup" ? "No credit top-ups yet." : "No payments yet."}
      filters={
        <Select
          label="Show"
          items={scopeOptions}
          value={scope}
          onChange={(key) => onChange({ scope: key === "topup" ? "topup" : null })}
        />
      }
      paginationLabel="Payment pages"
    />
  );
}

function usePaymentColumns(onOpen: (payment: Payment) => void, showCompany: boolean) {
  return useMemo(() => {
    const columns = columnsFor(onOpen);
    return showCompany ? [...columns.slice(0, 1), companyColumn, ...columns.slice(1)] : columns;
  }, [onOpen, showCompany]);
}
