// Domain entry point (`@sentinel/ui/domain`): the API enums' tones, labels and orders as plain data, with no
// styles and no React, so code that runs without a bundler (the server, static mode's data) reads the same tables.
export type {
  ConfigurationStatus,
  FindingStatus,
  PaymentStatus,
  RepositoryScanStatus,
  Role,
  RoleAlias,
  ScanStatus,
  Severity,
  StatusKind,
  StatusOf,
  TicketStatus,
  ToneTable,
} from "./tokens/domain.ts";
export {
  configurationStatusTones,
  findingStatuses,
  findingStatusTones,
  paymentStatusTones,
  repositoryScanStatusTones,
  roleAliases,
  roleTones,
  scanStatusTones,
  severities,
  severityTones,
  statusTones,
  ticketStatusTones,
  toneTableLabels,
  toneTableValues,
} from "./tokens/domain.ts";
export type { Tone } from "./tokens/tones.ts";
