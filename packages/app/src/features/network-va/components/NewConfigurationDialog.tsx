import type { NetworkScanConfiguration } from "@sentinel/api-client";
import { Modal } from "@sentinel/ui";
import { lazy, Suspense } from "react";

export interface NewConfigurationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the configuration the API created. */
  onCreated?: (config: NetworkScanConfiguration) => void;
}

// The form (checkboxes, date picker, selects) is not needed to show the list: it is its own chunk.
const LazyForm = lazy(async () => ({ default: (await import("./NewConfigurationForm.tsx")).NewConfigurationForm }));

/**
 * Makes a scan configuration of network assets (designed `createNetworkScanConfiguration`): the
 * targets and the first scan's schedule. A failed save keeps the choices and shows the API's words.
 */
export function NewConfigurationDialog({ isOpen, onClose, onCreated }: NewConfigurationDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      {isOpen ? (
        <Suspense fallback={null}>
          <LazyForm onClose={onClose} onCreated={onCreated} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
