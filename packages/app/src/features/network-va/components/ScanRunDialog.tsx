import type { NetworkScan } from "@sentinel/api-client";
import { CREDITS_PER_ENDPOINT } from "@sentinel/api-client/mocks/labels";
import { formatDateTime, formatNumber } from "@sentinel/ui";
import { ScanActionDialog } from "../../../shared/scans/ScanActionDialog.tsx";
import { useAbortNetworkScan, useRunNetworkScan } from "../api/network.ts";

export type ScanRunRequest = { action: "run"; endpoints: number } | { action: "abort"; scan: NetworkScan };

export interface ScanRunDialogProps {
  configId: number;
  /** What to confirm; kept while the modal closes. */
  request: ScanRunRequest | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The scan the server queued, so the screen can show it. */
  onRan?: (scan: NetworkScan) => void;
}

/** Confirms running a configuration's scan now (what it costs) or aborting one (what is refunded). */
export function ScanRunDialog({ configId, request, isOpen, onOpenChange, onRan }: ScanRunDialogProps) {
  const run = useRunNetworkScan();
  const abort = useAbortNetworkScan();
  if (!request) return null;
  if (request.action === "abort") {
    return (
      <ScanActionDialog
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        action="abort"
        title={`Abort the scan of ${formatDateTime(request.scan.scan_time.schedulle)}?`}
        confirmLabel="Abort scan"
        failure="The scan was not aborted"
        success="Scan aborted"
        onConfirm={() => abort.mutateAsync({ params: { path: { id: configId, scan_id: request.scan.id } } })}
      >
        <p>The scan stops at once. What it has already found stays.</p>
        <p>The credits of the targets it has not scanned yet are refunded.</p>
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
        Sentinel scans the configuration's {formatNumber(request.endpoints)}{" "}
        {request.endpoints === 1 ? "target" : "targets"} for open services and weaknesses, starting within seconds.
      </p>
      <p>
        It costs {formatNumber(price)} network credits ({CREDITS_PER_ENDPOINT} per target). Targets the scan cannot
        reach are refunded.
      </p>
    </ScanActionDialog>
  );
}
