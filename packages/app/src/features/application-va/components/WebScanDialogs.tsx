import type { WebScan } from "@sentinel/api-client";
import { CREDIT_PRICE } from "@sentinel/api-client/mocks/labels";
import { formatDateTime, formatNumber } from "@sentinel/ui";
import { ImportReportDialog } from "../../../shared/scans/ImportReportDialog.tsx";
import { ScanActionDialog } from "../../../shared/scans/ScanActionDialog.tsx";
import { useAbortWebScan, useImportWebReport, useRunWebScan } from "../api/applications.ts";

export type WebScanRequest = { action: "run" } | { action: "abort"; scan: WebScan };

export interface WebScanRunDialogProps {
  appId: number;
  /** What to confirm; kept while the modal closes. */
  request: WebScanRequest | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The scan the server queued, so the screen can show it. */
  onRan?: (scan: WebScan) => void;
}

/** Confirms running a scan of the application now (what it costs) or aborting one (the refund). */
export function WebScanRunDialog({ appId, request, isOpen, onOpenChange, onRan }: WebScanRunDialogProps) {
  const run = useRunWebScan();
  const abort = useAbortWebScan();
  if (!request) return null;
  if (request.action === "abort") {
    const when = request.scan.target_detail.scan_history;
    return (
      <ScanActionDialog
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        action="abort"
        title={when ? `Abort the scan of ${formatDateTime(when)}?` : "Abort this scan?"}
        confirmLabel="Abort scan"
        failure="The scan was not aborted"
        success="Scan aborted"
        onConfirm={() => abort.mutateAsync({ params: { path: { id: request.scan.id } } })}
      >
        <p>The scan stops at once and finds nothing more.</p>
        <p>Its {formatNumber(CREDIT_PRICE)} web application credits are refunded.</p>
      </ScanActionDialog>
    );
  }
  return (
    <ScanActionDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      action="run"
      title="Run a scan now?"
      confirmLabel={`Run scan for ${formatNumber(CREDIT_PRICE)} credits`}
      failure="The scan was not started"
      success="Scan queued: its progress shows in the Target card"
      onConfirm={() => run.mutateAsync({ params: { path: { id: appId } } })}
      onDone={(scan) => {
        if (scan) onRan?.(scan);
      }}
    >
      <p>
        Sentinel crawls the application from its URL and tests its pages for injection, cross-site scripting, exposed
        files and missing protections, starting within seconds.
      </p>
      <p>It costs {formatNumber(CREDIT_PRICE)} web application credits. A scan that fails or is aborted is refunded.</p>
    </ScanActionDialog>
  );
}

/** What the server reads for a web application; the extension is a hint, the content decides. */
const REPORT_TYPES = [".json", ".sarif"];

export interface WebImportDialogProps {
  appId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onImported?: (scan: WebScan) => void;
}

/** Uploads a ZAP, SARIF or Wapiti report as a scan of the application. */
export function WebImportDialog({ appId, isOpen, onOpenChange, onImported }: WebImportDialogProps) {
  const importing = useImportWebReport();
  return (
    <ImportReportDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      acceptedFileTypes={REPORT_TYPES}
      description="A report from ZAP (traditional JSON), Wapiti (JSON) or any tool that writes SARIF 2.1.0 becomes a scan of this application. Findings about other sites are left out. Importing costs no credits."
      onUpload={(file) => importing.upload(appId, file)}
      importedMessage="Report imported: its progress shows in the Target card"
      onImported={(scan) => {
        if (scan) onImported?.(scan);
      }}
    />
  );
}
