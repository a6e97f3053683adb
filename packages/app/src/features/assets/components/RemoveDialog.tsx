import { Button, Dialog, Inline, Modal, Stack, toastQueue } from "@sentinel/ui";
import { type ReactNode, useRef, useState } from "react";
import { apiErrorText } from "../../../lib/formErrors.ts";
import * as styles from "./assets.css.ts";

export interface RemoveRequest {
  title: string;
  body: ReactNode;
  confirm: string;
  done: string;
  failed: string;
  run: () => Promise<unknown>;
}

export interface RemoveDialogProps {
  /** What to remove; kept while the modal closes, so its text does not change during the exit. */
  request: RemoveRequest | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Confirms removing a product or an asset: an alertdialog with Cancel focused and a critical button.
 * A refusal (a product that still holds assets, a role that may not) stays in the dialog with the
 * server's reason; nothing changed.
 */
export function RemoveDialog({ request, isOpen, onOpenChange }: RemoveDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      {request ? (
        <Dialog title={request.title} role="alertdialog">
          <Confirm request={request} onDone={() => onOpenChange(false)} />
        </Dialog>
      ) : null}
    </Modal>
  );
}

function Confirm({ request, onDone }: { request: RemoveRequest; onDone: () => void }) {
  const [error, setError] = useState("");
  const [isPending, setPending] = useState(false);
  const inFlight = useRef(false);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError("");
    try {
      await request.run();
      toastQueue.add({ title: request.done, tone: "positive" }, { timeout: 5_000 });
      onDone();
    } catch (caught) {
      setError(`${request.failed}. ${apiErrorText(caught) ?? "Try again."}`);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return (
    <Stack space="large">
      <Stack space="small">{request.body}</Stack>
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onDone} autoFocus>
          Cancel
        </Button>
        <Button variant="critical" onPress={() => void confirm()} isPending={isPending}>
          {request.confirm}
        </Button>
      </Inline>
    </Stack>
  );
}
