import { Button, Dialog, Inline, Modal, Stack, toastQueue } from "@sentinel/ui";
import { type ReactNode, useRef, useState } from "react";
import { apiErrorText } from "../../lib/formErrors.ts";
import { dialogFormError } from "../patterns/dialogForm.css.ts";

export interface ScanActionDialogProps<Result> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** `run` starts something the user pays for; `abort` stops one, and asks as an alertdialog. */
  action: "run" | "abort";
  title: string;
  /** What happens and what it costs or refunds, in the area's words. */
  children: ReactNode;
  confirmLabel: string;
  /** The sentence a refusal starts with ("The scan was not started"); the API's words follow it. */
  failure: string;
  /** The toast once the server said yes. */
  success: string;
  onConfirm: () => Promise<Result>;
  onDone?: (result: Result) => void;
}

/**
 * Confirms running a scan now or aborting one, in every scanning area. A refusal (the balance, another
 * scan running, a target out of scope) stays in the dialog in the API's words; nothing changed, so the
 * user may fix it and try again. A second press while the first is in flight sends nothing.
 */
export function ScanActionDialog<Result>({
  isOpen,
  onOpenChange,
  action,
  title,
  ...confirm
}: ScanActionDialogProps<Result>) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={action === "run"}>
      <Dialog title={title} role={action === "abort" ? "alertdialog" : "dialog"}>
        <Confirm action={action} onClose={() => onOpenChange(false)} {...confirm} />
      </Dialog>
    </Modal>
  );
}

function Confirm<Result>({
  action,
  children,
  confirmLabel,
  failure,
  success,
  onConfirm,
  onDone,
  onClose,
}: Omit<ScanActionDialogProps<Result>, "isOpen" | "onOpenChange" | "title"> & { onClose: () => void }) {
  const [error, setError] = useState("");
  const [isPending, setPending] = useState(false);
  const inFlight = useRef(false);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError("");
    try {
      const result = await onConfirm();
      toastQueue.add({ title: success, tone: "positive" }, { timeout: 5_000 });
      onDone?.(result);
      onClose();
    } catch (caught) {
      setError(`${failure}. ${apiErrorText(caught) ?? "Try again."}`);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return (
    <Stack space="large">
      <Stack space="small">{children}</Stack>
      {error ? (
        <p role="alert" className={dialogFormError}>
          {error}
        </p>
      ) : null}
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onClose} autoFocus={action === "abort"}>
          Cancel
        </Button>
        <Button
          variant={action === "abort" ? "critical" : "solid"}
          onPress={() => void confirm()}
          isPending={isPending}
        >
          {confirmLabel}
        </Button>
      </Inline>
    </Stack>
  );
}
