import type { ThreatInspectionScan } from "@sentinel/api-client";
import { CREDITS_PER_ENDPOINT } from "@sentinel/api-client/mocks/labels";
import { formatDateTime, formatNumber } from "@sentinel/ui";
import { ScanActionDialog } from "../../../shared/scans/ScanActionDialog.tsx";
import { useAbortThreatScan, useRunThreatScan } from "../api/scans.ts";

export type ThreatScanRequest = { action: "run"; endpoints: number } | { action: "abort"; scan: ThreatInspectionScan };

export interface ThreatScanDialogProps {
  configId: number;
  /** What to confirm; kept while the modal closes. */
  request: ThreatScanRequest | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The scan the server queued, so the screen can show it. */
  onRan?: (scan: ThreatInspectionScan) => void;
}

/** Confirms checking a configuration's endpoints now (what it costs) or aborting a scan (what is refunded). */
export function ThreatScanDialog({ configId, request, isOpen, onOpenChange, onRan }: ThreatScanDialogProps) {
  const run = useRunThreatScan();
  const abort = useAbortThreatScan();
  if (!request) return null;
  if (request.action === "abort") {
    const started = request.scan.start_scan;
    return (
      <ScanActionDialog
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        action="abort"
        title={started ? `Abort the scan started ${formatDateTime(started)}?` : "Abort the scan that has not started?"}
        confirmLabel="Abort scan"
        failure="The scan was not aborted"
        success="Scan aborted"
        onConfirm={() => abort.mutateAsync({ params: { path: { id: configId, scan_id: request.scan.id } } })}
      >
        <p>The scan stops at once. The reputations it has already checked stay.</p>
        <p>The credits of the endpoints it has not checked yet are refunded.</p>
      </ScanActionDialog>
    );
  }
  const price = request.endpoints * CREDITS_PER_ENDPOINT;
  return (
    <ScanActionDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      action="run"
      title="Run a scan now?"
      confirmLabel={`Run scan for ${formatNumber(price)} credits`}
      failure="The scan was not started"
      success="Scan queued: its progress shows below"
      onConfirm={() => run.mutateAsync({ params: { path: { id: configId } } })}
      onDone={(scan) => {
        if (scan) onRan?.(scan);
      }}
    >
      <p>
        Sentinel asks about 50 blocklists about the configuration's {formatNumber(request.endpoints)}{" "}
        {request.endpoints === 1 ? "endpoint" : "endpoints"} and their domains, starting within seconds. Your scheduled
        scans still run.
      </p>
      <p>
        It costs {formatNumber(price)} threat inspection credits ({CREDITS_PER_ENDPOINT} per endpoint). Endpoints no
        blocklist answers for are refunded.
      </p>
    </ScanActionDialog>
  );
}
