import type { Db, DbCreditReference, DbCreditTransaction } from "./db-types.ts";
import { encodeCell } from "./findings/export/csv.ts";
import { CREDIT_TYPE_LABEL, type CreditType } from "./schema-types.ts";

export interface Balances {
  balance_network_va: number;
  balance_application_va: number;
  balance_source_code: number;
  balance_threat_inspection: number;
  balance_exposure_detection: number;
  balance: number;
}

/**
 * Balances are the sum of the credit transactions (top-ups and refunds add, spending subtracts), so
 * they always agree with the credits activity, and the total is the sum of the five credit types'
 * balances. `scope` null = every company (staff view).
 */
export function balancesOf(db: Db, scope: number | null): Balances {
  const per: Record<CreditType, number> = {
    NETWORKVA: 0,
    APPLICATIONVA: 0,
    SOURCECODE: 0,
    THREATINSPECTION: 0,
    EXPOSUREDETECTION: 0,
  };
  for (const tx of db.creditTransactions) {
    if (scope !== null && tx.company_id !== scope) continue;
    per[tx.transaction_type] += tx.amount;
  }
  return {
    balance_network_va: per.NETWORKVA,
    balance_application_va: per.APPLICATIONVA,
    balance_source_code: per.SOURCECODE,
    balance_threat_inspection: per.THREATINSPECTION,
    balance_exposure_detection: per.EXPOSUREDETECTION,
    balance: Object.values(per).reduce((a, b) => a + b, 0),
  };
}

const SCAN_AREA: Record<Exclude<DbCreditReference["kind"], "PAYMENT">, string> = {
  NETWORK_VA: "Network VA",
  APPLICATION_VA: "Web Application VA",
  SOURCE_CODE_VA: "Source Code VA",
  EXPOSURE_DETECTION: "Exposure Detection",
  THREAT_INSPECTION: "Threat Inspection",
};

type Described = Pick<DbCreditTransaction, "transaction_action" | "transaction_type" | "reference">;

/**
 * What a transaction was for, in words; the server writes the same text (it imports this), so static
 * mode, the API and the CSV never disagree.
 */
export function creditDescription({
  transaction_action: action,
  transaction_type: type,
  reference,
}: Described): string {
  const credits = CREDIT_TYPE_LABEL[type];
  if (reference === null) {
    if (action === "TOPUP") return `Top-up of ${credits} credits`;
    if (action === "REFUND") return `Refund of ${credits} credits`;
    return `${credits} scan`;
  }
  if (reference.kind === "PAYMENT") {
    if (action === "TOPUP") return `Top-up ${reference.label}`;
    if (action === "REFUND") return `Refund of ${reference.label}`;
    return `${credits} purchase ${reference.label}`;
  }
  const area = SCAN_AREA[reference.kind];
  if (action === "REFUND") return `Refund for a failed ${area} scan of ${reference.label}`;
  if (action === "TOPUP") return `Top-up for ${area} (${reference.label})`;
  return `${area} scan of ${reference.label}`;
}

/** One exported row: the wire transaction's fields the file needs. */
export interface CreditCsvRow {
  id: number;
  created_at: string;
  company: { name: string };
  transaction_action: string;
  transaction_type: string;
  amount: number;
  operator: string;
  description: string;
  reference: { label: string } | null;
}

/** The columns of the transactions table, in its order, with the id last (as the findings export does). */
const CREDIT_CSV_COLUMNS: readonly { header: string; value: (row: CreditCsvRow) => string | number | null }[] = [
  { header: "created_at", value: (r) => r.created_at },
  { header: "company", value: (r) => r.company.name },
  { header: "transaction_action", value: (r) => r.transaction_action },
  { header: "transaction_type", value: (r) => r.transaction_type },
  { header: "amount", value: (r) => r.amount },
  { header: "operator", value: (r) => r.operator },
  { header: "description", value: (r) => r.description },
  { header: "reference", value: (r) => r.reference?.label ?? null },
  { header: "id", value: (r) => r.id },
];

/** The header record, after the UTF-8 byte order mark (spreadsheets then read non-Latin names right). */
export const creditCsvHead = () => `\uFEFF${CREDIT_CSV_COLUMNS.map((c) => c.header).join(",")}\r\n`;

/** RFC 4180 records, each ending with CRLF; text that a spreadsheet would evaluate is neutralised. */
export const creditCsvRows = (rows: readonly CreditCsvRow[]) =>
  rows.map((row) => `${CREDIT_CSV_COLUMNS.map((c) => encodeCell(c.value(row))).join(",")}\r\n`).join("");

/** `sentinel-credit-transactions-20261126T083500Z.csv`: sortable, and free of characters file systems refuse. */
export const creditCsvFilename = (generatedAt: string) =>
  `sentinel-credit-transactions-${generatedAt.replace(/[-:]/g, "").replace(/\.\d+/, "")}.csv`;
