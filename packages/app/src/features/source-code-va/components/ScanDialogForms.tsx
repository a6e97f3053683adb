import type { SourceCodeScan } from "@sentinel/api-client";
import { CREDIT_PRICE } from "@sentinel/api-client/mocks/labels";
import { formatDateTime, formatNumber, Select } from "@sentinel/ui";
import { lazy, useState } from "react";
import { ImportReportDialog } from "../../../shared/scans/ImportReportDialog.tsx";
import { ScanActionDialog } from "../../../shared/scans/ScanActionDialog.tsx";
import {
  useAbortSourceScan,
  useImportSourceReport,
  useRunSourceScan,
  useSourceScanSchedule,
  useUpdateSourceScanSchedule,
} from "../api/scanRuns.ts";

// The repository page's scan dialogs, loaded when one is first opened (SourceScanDialogs.tsx). The
// schedule dialog's date picker is a further chunk, loaded when it is first opened.
const ScanScheduleDialog = lazy(() => import("../../../shared/scans/ScanScheduleDialog.tsx"));

export type SourceScanRequest = { action: "run" } | { action: "abort"; scan: SourceCodeScan };

/** The repository's branches as the pickers offer them; the first is the one scanned by default. */
function BranchPicker({
  branches,
  branch,
  onChange,
  description,
}: {
  branches: readonly string[];
  branch: string | null;
  onChange: (branch: string) => void;
  description: string;
}) {
  return (
    <Select
      label="Branch"
      items={branches.map((b) => ({ id: b, label: b }))}
      selectedKey={branch}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      isRequired
      description={description}
    />
  );
}

export interface SourceScanRunDialogProps {
  appId: number;
  /** The repository's branches (its asset's). */
  branches: readonly string[];
  /** What to confirm; kept while the modal closes. */
  request: SourceScanRequest | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The scan the server queued, so the screen can show it. */
  onRan?: (scan: SourceCodeScan) => void;
}

/** Confirms scanning a branch now (what it costs) or aborting a scan (what comes back). */
export function SourceScanRunDialog({ request, ...props }: SourceScanRunDialogProps) {
  if (!request) return null;
  return request.action === "abort" ? (
    <AbortDialog scan={request.scan} isOpen={props.isOpen} onOpenChange={props.onOpenChange} />
  ) : (
    <RunDialog {...props} />
  );
}

function AbortDialog({
  scan,
  isOpen,
  onOpenChange,
}: {
  scan: SourceCodeScan;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const abort = useAbortSourceScan();
  return (
    <ScanActionDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      action="abort"
      title={`Abort the scan of ${scan.branch} of ${formatDateTime(scan.created_at)}?`}
      confirmLabel="Abort scan"
      failure="The scan was not aborted"
      success="Scan aborted"
      onConfirm={() => abort.mutateAsync({ params: { path: { id: scan.id } } })}
    >
      <p>The analysers stop at once; nothing this scan found so far is kept, and it reads as failed.</p>
      {/* The scan row does not say what it cost: a run costs the unit price, an import or first scan nothing. */}
      <p>
        A scan you ran gets its {formatNumber(CREDIT_PRICE)} source code credits back. An imported report, or the first
        scan of a newly added repository, cost nothing, so nothing is refunded.
      </p>
    </ScanActionDialog>
  );
}

function RunDialog({ appId, branches, isOpen, onOpenChange, onRan }: Omit<SourceScanRunDialogProps, "request">) {
  const run = useRunSourceScan();
  const [branch, setBranch] = useState<string | null>(branches[0] ?? null);
  return (
    <ScanActionDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      action="run"
      title="Scan a branch now?"
      confirmLabel={`Run scan for ${formatNumber(CREDIT_PRICE)} credits`}
      failure="The scan was not started"
      success="Scan queued: its progress shows in the Repository card"
      onConfirm={() => run.mutateAsync({ params: { path: { id: appId } }, body: { branch: branch ?? "" } })}
      onDone={(scan) => {
        if (scan) onRan?.(scan);
      }}
    >
      <p>
        Sentinel clones the branch and runs its static analysers over it (code patterns, secrets, unsafe calls),
        starting within seconds.
      </p>
      <p>
        It costs {formatNumber(CREDIT_PRICE)} source code credits a branch. A scan that fails or is aborted is refunded.
      </p>
      <BranchPicker
        branches={branches}
        branch={branch}
        onChange={setBranch}
        description="One scan of a branch at a time; other branches may run beside it."
      />
    </ScanActionDialog>
  );
}

/** What the server reads for a repository; the extension is a hint, the content decides. */
const REPORT_TYPES = [".sarif", ".json"];

export interface SourceImportDialogProps {
  appId: number;
  branches: readonly string[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onImported?: (scan: SourceCodeScan) => void;
}

/** Uploads a SARIF 2.1.0 or Trivy JSON report as a scan of one branch of the repository. */
export function SourceImportDialog({ appId, branches, isOpen, onOpenChange, onImported }: SourceImportDialogProps) {
  const importing = useImportSourceReport();
  const [branch, setBranch] = useState<string | null>(branches[0] ?? null);
  return (
    <ImportReportDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      acceptedFileTypes={REPORT_TYPES}
      description="A SARIF 2.1.0 report (CodeQL, Semgrep, gitleaks, Trivy) or a Trivy JSON report becomes a scan of the branch it covers; its findings are matched with that branch's earlier scans. Importing costs no credits."
      onUpload={(file) => importing.upload(appId, file, branch)}
      onImported={(scan) => {
        if (scan) onImported?.(scan);
      }}
    >
      <BranchPicker
        branches={branches}
        branch={branch}
        onChange={setBranch}
        description="The branch the report was made from."
      />
    </ImportReportDialog>
  );
}

export interface SourceScheduleDialogProps {
  appId: number;
  /** The repository's name, for the title. */
  subject: string;
  branches: readonly string[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The shared schedule dialog over the repository's schedule, which it reads when first opened. */
export function SourceScheduleDialog({ appId, subject, branches, isOpen, onOpenChange }: SourceScheduleDialogProps) {
  const schedule = useSourceScanSchedule(appId);
  const save = useUpdateSourceScanSchedule();
  return (
    <ScanScheduleDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      subject={subject}
      schedule={schedule.data}
      branches={branches}
      onSave={(body) => save.mutateAsync({ params: { path: { id: appId } }, body })}
    />
  );
}
