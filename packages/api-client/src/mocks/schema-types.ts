import type { components } from "../generated/schema.ts";

/** Short names for the contract's schemas, used across the mocks. */
type S = components["schemas"];

export type ErrorBody = S["ErrorBody"];
export type Role = S["Role"];
export type TwoFAState = S["TwoFAState"];
export type Severity = S["Severity"];
export type FindingStatus = S["FindingStatus"];
export type ScanStatus = S["ScanStatus"];
export type RepositoryScanStatus = S["RepositoryScanStatus"];
export type ProgressStatus = S["ProgressStatus"];
export type ScheduleType = S["ScheduleType"];
export type ScanFrequency = S["ScanFrequency"];
export type NetworkTargetType = S["NetworkTargetType"];
export type AllowedIpTargetKind = S["AllowedIpTargetKind"];
export type GitProvider = S["GitProvider"];
export type TicketCategory = S["TicketCategory"];
export type TicketStatus = S["TicketStatus"];
export type CreditType = S["CreditType"];
export type PaymentStatus = S["PaymentStatus"];
export type PaymentMethod = S["PaymentMethod"];
export type TransactionAction = S["TransactionAction"];
export type DomainType = S["DomainType"];
export type Protocol = S["Protocol"];
export type Service = S["Service"];
export type Attachment = S["Attachment"];
export type SeveritySummary = S["SeveritySummary"];
export type FindingStatusSummary = S["FindingStatusSummary"];
export type Payment = S["Payment"];
export type UserSummary = S["UserSummary"];
export type ScanTime = S["ScanTime"];

export const ROLE_LABEL: Record<Role, string> = {
  SUPER_ADMIN: "Super Admin",
  CLIENT_ADMIN: "Admin",
  ANALYST: "Analyst",
  CLIENT: "Member",
};

export const SEVERITIES: readonly Severity[] = ["HIGH", "MEDIUM", "LOW", "INFO", "LOG"];
export const SEVERITY_LABEL: Record<Severity, string> = {
  HIGH: "High",
  MEDIUM: "Medium",
  LOW: "Low",
  INFO: "Info",
  LOG: "Log",
};

export const FINDING_STATUSES: readonly FindingStatus[] = [
  "ACTIVE",
  "FIXING",
  "MITIGATED",
  "TOLERATED",
  "FALSE_POSITIVE",
];
export const FINDING_STATUS_LABEL: Record<FindingStatus, string> = {
  ACTIVE: "Active",
  FIXING: "Fixing",
  MITIGATED: "Mitigated",
  TOLERATED: "Tolerated",
  FALSE_POSITIVE: "False Positive",
};

export const SCAN_STATUSES: readonly ScanStatus[] = ["PENDING", "QUEUED", "RUNNING", "COMPLETED", "FAILED", "ABORTED"];
export const SCAN_STATUS_LABEL: Record<ScanStatus, string> = {
  PENDING: "Pending",
  QUEUED: "Queued",
  RUNNING: "Running",
  COMPLETED: "Completed",
  FAILED: "Failed",
  ABORTED: "Aborted",
};

export const PROGRESS_STATUS_LABEL: Record<ProgressStatus, string> = {
  COMPLETED: "Completed",
  ON_PROGRESS: "Running",
};

export const SCHEDULE_TYPES: readonly ScheduleType[] = ["ONE_TIME_SCAN", "SPECIFIED_SCHEDULLE", "AUTOMATIC_SCHEDULLE"];
export const SCHEDULE_LABEL: Record<ScheduleType, string> = {
  ONE_TIME_SCAN: "Singular Scan",
  SPECIFIED_SCHEDULLE: "Specified Scan",
  AUTOMATIC_SCHEDULLE: "Continuous Scan",
};

export const FREQUENCIES: readonly ScanFrequency[] = ["WEEKLY", "MONTHLY", "QUARTERLY"];
export const FREQUENCY_LABEL: Record<ScanFrequency, string> = {
  WEEKLY: "Weekly",
  MONTHLY: "Monthly",
  QUARTERLY: "Quarterly",
};

export const TARGET_TYPE_LABEL: Record<NetworkTargetType, string> = {
  IP_SINGLE: "Single IP",
  IP_MULTIPLE: "Multiple IP",
  IP_RANGE: "IP Range",
};

export const TICKET_CATEGORIES: readonly TicketCategory[] = ["BUG", "PAYMENT", "REFUND", "FEATURE", "ACCOUNT", "OTHER"];
export const TICKET_CATEGORY_LABEL: Record<TicketCategory, string> = {
  BUG: "Bug",
  PAYMENT: "Payment",
  REFUND: "Refund",
  FEATURE: "Feature Request",
  ACCOUNT: "Account",
  OTHER: "Other",
};
export const TICKET_STATUSES: readonly TicketStatus[] = ["UNREAD", "PROCESSING", "CLOSED"];

export const CREDIT_TYPES: readonly CreditType[] = [
  "THREATINSPECTION",
  "NETWORKVA",
  "APPLICATIONVA",
  "SOURCECODE",
  "EXPOSUREDETECTION",
];
export const CREDIT_TYPE_LABEL: Record<CreditType, string> = {
  THREATINSPECTION: "Threat Inspection",
  NETWORKVA: "Network VA",
  APPLICATIONVA: "Web Application VA",
  SOURCECODE: "Source Code VA",
  EXPOSUREDETECTION: "Exposure Detection",
};

export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  "UNPAID",
  "RECEIPT_SUBMITTED",
  "PAID",
  "PARTIALLY_PAID",
  "CANCELLED",
  "REFUNDED",
];
export const TRANSACTION_ACTIONS: readonly TransactionAction[] = ["TOPUP", "SPENDING", "REFUND"];

export const DOMAIN_TYPE_LABEL: Record<DomainType, string> = { DOMAIN: "Domain", SUBDOMAIN: "Subdomain" };

/** Credits per unit price, and per endpoint a network or threat-inspection scan covers (spec §9); the server charges these too. */
export const CREDIT_PRICE = 10;
export const CREDITS_PER_ENDPOINT = 10;
export const APPLICATION_FEE = 0;
