import type { ExposureDetectionScan } from "@sentinel/api-client";
import { formatDateTime } from "@sentinel/ui";
import { ImportReportDialog } from "../../../shared/scans/ImportReportDialog.tsx";
import { ScanActionDialog } from "../../../shared/scans/ScanActionDialog.tsx";
import { useAbortExposureScan, useImportExposureReport, useRunExposureScan } from "../api/exposure.ts";

/** One exposure detection scan's price (the server's EXPOSURE_SCAN_PRICE). */
const EXPOSURE_SCAN_PRICE = 10;

export type ExposureScanRequest = { action: "run" } | { action: "abort"; scan: ExposureDetectionScan };

export interface ExposureScanRunDialogProps {
  configId: number;
  domain: string;
  /** What to confirm; kept while the modal closes. */
  request: ExposureScanRequest | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The scan the server queued, so the screen can show it. */
  onRan?: (scan: ExposureDetectionScan) => void;
}

/** Confirms scanning the configuration's domain now (what it costs) or aborting a scan (the refund). */
export function ExposureScanRunDialog({
  configId,
  domain,
  request,
  isOpen,
  onOpenChange,
  onRan,
}: ExposureScanRunDialogProps) {
  const run = useRunExposureScan();
  const abort = useAbortExposureScan();
  if (!request) return null;
  if (request.action === "abort") {
    const started = request.scan.start_scan;
    return (
      <ScanActionDialog
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        action="abort"
        title={started ? `Abort the scan of ${formatDateTime(started)}?` : "Abort the queued scan?"}
        confirmLabel="Abort scan"
        failure="The scan was not aborted"
        success="Scan aborted"
        onConfirm={() => abort.mutateAsync({ params: { path: { id: configId, scan_id: request.scan.id } } })}
      >
        <p>The scan stops at once. The hosts and domains it has already found stay.</p>
        <p>Its {EXPOSURE_SCAN_PRICE} exposure detection credits are refunded.</p>
      </ScanActionDialog>
    );
  }
  return (
    <ScanActionDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      action="run"
      title="Run a scan now?"
      confirmLabel={`Run scan for ${EXPOSURE_SCAN_PRICE} credits`}
      failure="The scan was not started"
      success="Scan queued: its progress shows in the scan history"
      onConfirm={() => run.mutateAsync({ params: { path: { id: configId } } })}
      onDone={(scan) => {
        if (scan) onRan?.(scan);
      }}
    >
      <p>
        Sentinel asks the name servers of {domain} for its records, tries a zone transfer and common subdomain names,
        then looks for open services on every address they point at.
      </p>
      <p>It costs {EXPOSURE_SCAN_PRICE} exposure detection credits, refunded if the scan fails or is aborted.</p>
    </ScanActionDialog>
  );
}

/** What the server reads for an exposure configuration; the extension is a hint, the content decides. */
const REPORT_TYPES = [".xml", ".json"];

export interface ExposureImportDialogProps {
  configId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onImported?: (scan: ExposureDetectionScan) => void;
}

/** Uploads an nmap or dnsrecon report as a scan of an exposure detection configuration. */
export function ExposureImportDialog({ configId, isOpen, onOpenChange, onImported }: ExposureImportDialogProps) {
  const importing = useImportExposureReport();
  return (
    <ImportReportDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      acceptedFileTypes={REPORT_TYPES}
      description="A report from nmap (XML) or dnsrecon (JSON) becomes a scan of this configuration. Only hosts the report names under the configuration's domain are taken from it. Importing costs no credits."
      onUpload={(file) => importing.upload(configId, file)}
      onImported={(scan) => {
        if (scan) onImported?.(scan);
      }}
    />
  );
}
