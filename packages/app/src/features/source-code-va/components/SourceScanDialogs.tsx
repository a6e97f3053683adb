import type { SourceCodeScan } from "@sentinel/api-client";
import { lazy } from "react";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";
import type { SourceScanRequest } from "./ScanDialogForms.tsx";

// Loaded when the repository page first opens a scan dialog (scanOverlays.tsx); each dialog's own code
// (pickers, file drop, date picker) is a further chunk, loaded as it is first opened. Split so that
// the page carries only this small chunk's list of files to preload, not the dialogs'.
const loadForms = () => import("./ScanDialogForms.tsx");
const SourceScanRunDialog = lazy(async () => ({ default: (await loadForms()).SourceScanRunDialog }));
const SourceImportDialog = lazy(async () => ({ default: (await loadForms()).SourceImportDialog }));
const SourceScheduleDialog = lazy(async () => ({ default: (await loadForms()).SourceScheduleDialog }));

export type { SourceScanRequest };

/** Which scan dialog the repository page opened last: kept while it closes, so it leaves as it was. */
export type SourceScanDialog = SourceScanRequest | { action: "import" } | { action: "schedule" };

export interface SourceScanDialogsProps {
  appId: number;
  /** The repository's name, for the schedule's title. */
  subject: string;
  /** The repository's branches (its asset's). */
  branches: readonly string[];
  dialog: SourceScanDialog | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** A scan the server queued (a run or an import), so the screen can show it. */
  onQueued: (scan: SourceCodeScan) => void;
}

/** The repository page's scan dialogs, one open at a time. */
export function SourceScanDialogs({ dialog, isOpen, onQueued, ...props }: SourceScanDialogsProps) {
  const action = dialog?.action;
  const isRun = isOpen && (action === "run" || action === "abort");
  const isImport = isOpen && action === "import";
  const isSchedule = isOpen && action === "schedule";
  const request = action === "run" || action === "abort" ? (dialog as SourceScanRequest) : null;
  return (
    <>
      <LazyOverlay isOpen={isRun}>
        <SourceScanRunDialog {...props} request={request} isOpen={isRun} onRan={onQueued} />
      </LazyOverlay>
      <LazyOverlay isOpen={isImport}>
        <SourceImportDialog {...props} isOpen={isImport} onImported={onQueued} />
      </LazyOverlay>
      {/* Mounted on first opening: the schedule is read then, not with the page. */}
      <LazyOverlay isOpen={isSchedule}>
        <SourceScheduleDialog {...props} isOpen={isSchedule} />
      </LazyOverlay>
    </>
  );
}
