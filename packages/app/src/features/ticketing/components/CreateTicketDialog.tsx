import type { Ticket } from "@sentinel/api-client";
import { Modal } from "@sentinel/ui";
import { lazy, Suspense, useEffect } from "react";
import type { NewTicketPrefill } from "../../../config/paths.ts";

export type TicketKind = "support" | "topup";

export interface CreateTicketDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (ticket: Ticket) => void;
  /** Opens the form as a top-up credit request. @default "support" */
  initialKind?: TicketKind;
  /** What a support request starts with, when a link that reports a problem opened the form. */
  prefill?: NewTicketPrefill | undefined;
}

// The form (file drop zone, number field, selects) is not needed to show the page: its own chunk.
const importCreateTicketForm = () => import("./CreateTicketForm.tsx");
const LazyCreateTicketDialogBody = lazy(async () => ({
  default: (await importCreateTicketForm()).CreateTicketDialogBody,
}));

/**
 * Opens a ticket (multipart, with files). A top-up credit request is a PAYMENT ticket carrying
 * `topup_amount`; the price preview uses the spec's 10 per credit, the ticket gets its invoice.
 */
export function CreateTicketDialog({
  isOpen,
  onOpenChange,
  onCreated,
  initialKind = "support",
  prefill,
}: CreateTicketDialogProps) {
  // Fetched once the page is up, so the dialog is ready when it is first opened.
  useEffect(() => {
    importCreateTicketForm().catch(() => {});
  }, []);
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Suspense fallback={null}>
        <LazyCreateTicketDialogBody
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          onCreated={onCreated}
          initialKind={initialKind}
          prefill={prefill}
        />
      </Suspense>
    </Modal>
  );
}
