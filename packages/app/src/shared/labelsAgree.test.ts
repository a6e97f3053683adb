import {
  FINDING_STATUS_LABEL,
  FINDING_STATUSES,
  PAYMENT_STATUSES,
  PROGRESS_STATUS_LABEL,
  ROLE_LABEL,
  SCAN_STATUS_LABEL,
  SCAN_STATUSES,
  SEVERITIES,
  SEVERITY_LABEL,
  TICKET_STATUSES,
} from "@sentinel/api-client/mocks/labels";
import {
  configurationStatusTones,
  findingStatuses,
  findingStatusTones,
  paymentStatusTones,
  roleTones,
  scanStatusTones,
  severities,
  severityTones,
  ticketStatusTones,
  toneTableLabels,
  toneTableValues,
} from "@sentinel/ui/domain";
import { describe, expect, it } from "vitest";

// The API's label tables (static mode and the server send them as `*_display`) live in api-client,
// because the server never imports the kit; the screens read the kit's tone tables. One is the
// copy of the other, and this test is what keeps them one source (docs/decisions.md, "Kit clean-ups").
describe("the API's label tables agree with the kit's tone tables", () => {
  it.each([
    ["roles", ROLE_LABEL, toneTableLabels(roleTones)],
    ["severities", SEVERITY_LABEL, toneTableLabels(severityTones)],
    ["finding statuses", FINDING_STATUS_LABEL, toneTableLabels(findingStatusTones)],
    ["scan statuses", SCAN_STATUS_LABEL, toneTableLabels(scanStatusTones)],
    ["progress", PROGRESS_STATUS_LABEL, toneTableLabels(configurationStatusTones)],
  ])("%s: the same values and labels", (_, api, kit) => {
    expect(api).toEqual(kit);
  });

  it.each([
    ["severities", SEVERITIES, severities],
    ["finding statuses", FINDING_STATUSES, findingStatuses],
    ["scan statuses", SCAN_STATUSES, toneTableValues(scanStatusTones)],
    ["ticket statuses", TICKET_STATUSES, toneTableValues(ticketStatusTones)],
    ["payment statuses", PAYMENT_STATUSES, toneTableValues(paymentStatusTones)],
  ])("%s: the same order", (_, api, kit) => {
    expect(api).toEqual(kit);
  });
});
