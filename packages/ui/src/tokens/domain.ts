import type { Tone } from "./tones.ts";

// API enum values exactly as the API spells them. Duplicated here on purpose: ui must not depend on api-client.

export type Severity = "HIGH" | "MEDIUM" | "LOW" | "INFO" | "LOG";
export type FindingStatus = "ACTIVE" | "FIXING" | "MITIGATED" | "TOLERATED" | "FALSE_POSITIVE";
export type ScanStatus = "PENDING" | "QUEUED" | "RUNNING" | "COMPLETED" | "FAILED" | "ABORTED";
export type ConfigurationStatus = "COMPLETED" | "ON_PROGRESS";
export type RepositoryScanStatus = "DONE" | "QUEUED" | "SCANNING" | "FAILED";
export type PaymentStatus = "UNPAID" | "RECEIPT_SUBMITTED" | "PAID" | "PARTIALLY_PAID" | "CANCELLED" | "REFUNDED";
export type TicketStatus = "UNREAD" | "PROCESSING" | "CLOSED";
export type Role = "SUPER_ADMIN" | "CLIENT_ADMIN" | "ANALYST" | "CLIENT";
/** Aliases some API payloads and the role picker use. */
export type RoleAlias = "ADMIN" | "MEMBER";

/** Tone and label per value of one API enum, in the order screens list the values. */
export type ToneTable<K extends string> = { readonly [P in K]: { readonly tone: Tone; readonly label: string } };

/** A tone table's values in the table's order, which is the order badges, filters and charts list them in. */
export function toneTableValues<K extends string>(table: ToneTable<K>): readonly K[] {
  // Object.keys keeps the order the keys were written in (enum values are never integer-like keys).
  return Object.keys(table) as K[];
}

/** A tone table's labels by value: the text of each value where no badge shows it. */
export function toneTableLabels<K extends string>(table: ToneTable<K>): Readonly<Record<K, string>> {
  return Object.fromEntries(toneTableValues(table).map((value) => [value, table[value].label])) as Record<K, string>;
}

export const severityTones = {
  HIGH: { tone: "critical", label: "High" },
  MEDIUM: { tone: "caution", label: "Medium" },
  LOW: { tone: "info", label: "Low" },
  INFO: { tone: "neutral", label: "Info" },
  LOG: { tone: "neutral", label: "Log" },
} as const satisfies ToneTable<Severity>;

/** Every severity, most severe first. */
export const severities = toneTableValues(severityTones);

export const findingStatusTones = {
  ACTIVE: { tone: "critical", label: "Active" },
  FIXING: { tone: "caution", label: "Fixing" },
  MITIGATED: { tone: "positive", label: "Mitigated" },
  TOLERATED: { tone: "neutral", label: "Tolerated" },
  // Set apart: "false positive" is neither good nor bad and must not read as tolerated.
  FALSE_POSITIVE: { tone: "promote", label: "False Positive" },
} as const satisfies ToneTable<FindingStatus>;

/** Every finding status, in the order status pickers offer them. */
export const findingStatuses = toneTableValues(findingStatusTones);

export const scanStatusTones = {
  PENDING: { tone: "neutral", label: "Pending" },
  QUEUED: { tone: "neutral", label: "Queued" },
  RUNNING: { tone: "info", label: "Running" },
  COMPLETED: { tone: "positive", label: "Completed" },
  FAILED: { tone: "critical", label: "Failed" },
  ABORTED: { tone: "caution", label: "Aborted" },
} as const satisfies ToneTable<ScanStatus>;

export const configurationStatusTones = {
  COMPLETED: { tone: "positive", label: "Completed" },
  ON_PROGRESS: { tone: "info", label: "Running" },
} as const satisfies ToneTable<ConfigurationStatus>;

export const repositoryScanStatusTones = {
  DONE: { tone: "positive", label: "Completed" },
  QUEUED: { tone: "neutral", label: "Queued" },
  SCANNING: { tone: "info", label: "Running" },
  FAILED: { tone: "critical", label: "Failed" },
} as const satisfies ToneTable<RepositoryScanStatus>;

export const paymentStatusTones = {
  UNPAID: { tone: "caution", label: "Waiting for Payment" },
  RECEIPT_SUBMITTED: { tone: "info", label: "Receipt Submitted" },
  PAID: { tone: "positive", label: "Paid" },
  PARTIALLY_PAID: { tone: "accent", label: "Partially Paid" },
  CANCELLED: { tone: "neutral", label: "Cancelled" },
  REFUNDED: { tone: "promote", label: "Refunded" },
} as const satisfies ToneTable<PaymentStatus>;

export const ticketStatusTones = {
  UNREAD: { tone: "info", label: "Unread" },
  PROCESSING: { tone: "caution", label: "Processing" },
  CLOSED: { tone: "neutral", label: "Closed" },
} as const satisfies ToneTable<TicketStatus>;

export const roleTones = {
  SUPER_ADMIN: { tone: "brand", label: "Super Admin" },
  CLIENT_ADMIN: { tone: "promote", label: "Admin" },
  ANALYST: { tone: "accent", label: "Analyst" },
  CLIENT: { tone: "neutral", label: "Member" },
} as const satisfies ToneTable<Role>;

/** Maps role aliases onto the canonical API roles. */
export const roleAliases = { ADMIN: "CLIENT_ADMIN", MEMBER: "CLIENT" } as const satisfies Record<RoleAlias, Role>;

/** Every status kind StatusBadge understands, keyed by `kind`. */
export const statusTones = {
  finding: findingStatusTones,
  scan: scanStatusTones,
  configuration: configurationStatusTones,
  repositoryScan: repositoryScanStatusTones,
  payment: paymentStatusTones,
  ticket: ticketStatusTones,
} as const;

export type StatusKind = keyof typeof statusTones;
export type StatusOf<K extends StatusKind> = keyof (typeof statusTones)[K];
