import type { NetworkScan, ScanFrequency } from "@sentinel/api-client";
import { Modal } from "@sentinel/ui";
import { lazy, Suspense, useEffect } from "react";

export interface UpdateScheduleDialogProps {
  configId: number;
  /** The scan to reschedule; null keeps the dialog closed. */
  scan: NetworkScan | null;
  /** The configuration's current frequency, preselected for a continuous scan. */
  frequency: ScanFrequency | null;
  onClose: () => void;
  /** Called with the updated scan after the API accepted the change. */
  onUpdated?: (scan: NetworkScan) => void;
}

// The form (date picker, selects, radios) is not needed to show the page: it is its own chunk.
const importScheduleForm = () => import("./ScheduleForm.tsx");
const LazyScheduleForm = lazy(async () => ({ default: (await importScheduleForm()).ScheduleForm }));

/**
 * Reschedules one scan (designed `PUT …/update-schedule/`): schedule type, a frequency for a
 * continuous scan, and the day. The scan keeps its time of day; a new day is required to be
 * after today. A failed save keeps the choices and shows the API's message.
 */
export function UpdateScheduleDialog({ configId, scan, frequency, onClose, onUpdated }: UpdateScheduleDialogProps) {
  // Fetched once the page is up, so the dialog is ready when it is first opened.
  useEffect(() => {
    importScheduleForm().catch(() => {});
  }, []);
  return (
    <Modal
      isOpen={scan !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      {scan ? (
        <Suspense fallback={null}>
          <LazyScheduleForm
            configId={configId}
            scan={scan}
            frequency={frequency}
            onClose={onClose}
            onUpdated={onUpdated}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}
