import { Card, Inline, Link, Stack, UntrustedText } from "@sentinel/ui";
import { newTicketHref } from "../../config/paths.ts";
import type { StoppedScanStatus } from "./notRunYet.ts";

export interface ScanStoppedNoticeProps {
  /** How the scan stopped. */
  status: StoppedScanStatus;
  /** Why it stopped, as the API reports it (`failure_reason`); null when none was recorded. */
  reason: string | null | undefined;
  /** Names the scan in the ticket it leads to, e.g. "Scan #39 of Customer Portal (12.11.2026 10:04)". */
  scanName: string;
  /** Where else to look, e.g. "Or pick another scan in the Scan menu above." */
  otherScans: string;
}

const titles: Readonly<Record<StoppedScanStatus, string>> = {
  FAILED: "This scan failed",
  ABORTED: "This scan was aborted",
};

/**
 * A scan that failed or was aborted says so, why, and what the user can do: its empty findings are not
 * a clean result. The reason comes from the scanner (and the target), so it is shown as text.
 */
export function ScanStoppedNotice({ status, reason, scanName, otherScans }: ScanStoppedNoticeProps) {
  const verb = status === "FAILED" ? "failed" : "was aborted";
  const ticket = newTicketHref({
    subject: `${scanName} ${verb}`,
    category: "BUG",
    description: `${scanName} ${verb}.${reason ? `\nReason given: ${reason}` : ""}\n\nPlease run it again, or tell us what to change first.`,
  });
  return (
    <Card title={titles[status]}>
      <Stack space="small">
        <p>
          {reason ? (
            <>
              Reason: <UntrustedText>{reason}</UntrustedText>
            </>
          ) : (
            "No reason was recorded for this scan."
          )}
        </p>
        <p>It stopped before it finished, so the absence of findings does not mean the target is clean.</p>
        <Inline space="small" alignY="center">
          <Link href={ticket}>Raise a ticket about this scan</Link>
          <span>{otherScans}</span>
        </Inline>
      </Stack>
    </Card>
  );
}
