import type { NetworkScan } from "@sentinel/api-client";
import { Button, Dialog, formatDateTime, formatNumber, Inline, Modal, Stack, toastQueue } from "@sentinel/ui";
import { useRef, useState } from "react";
import { apiErrorText } from "../../../lib/formErrors.ts";
import { useAbortNetworkScan, useRunNetworkScan } from "../api/network.ts";
import * as styles from "./network.css.ts";

/** Spec §9: each endpoint of a scan costs 10 credits (the server's CREDITS_PER_ENDPOINT). */
export const CREDITS_PER_ENDPOINT = 10;

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

/**
 * Confirms running a configuration's scan now (what it costs) or aborting one (what is refunded).
 * A refusal (the balance, another scan running, a target out of scope) stays in the dialog in the
 * API's words; nothing changed, so the user may fix it and try again.
 */
export function ScanRunDialog({ configId, request, isOpen, onOpenChange, onRan }: ScanRunDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={request?.action === "run"}>
      {request ? (
        <Dialog
          title={
            request.action === "run"
              ? "Run a scan now?"
              : `Abort the scan of ${formatDateTime(request.scan.scan_time.schedulle)}?`
          }
          role={request.action === "abort" ? "alertdialog" : "dialog"}
        >
          <Confirm configId={configId} request={request} onClose={() => onOpenChange(false)} onRan={onRan} />
        </Dialog>
      ) : null}
    </Modal>
  );
}

function Confirm({
  configId,
  request,
  onClose,
  onRan,
}: {
  configId: number;
  request: ScanRunRequest;
  onClose: () => void;
  onRan?: (scan: NetworkScan) => void;
}) {
  const run = useRunNetworkScan();
  const abort = useAbortNetworkScan();
  const [error, setError] = useState("");
  const inFlight = useRef(false);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setError("");
    try {
      if (request.action === "run") {
        const scan = await run.mutateAsync({ params: { path: { id: configId } } });
        toastQueue.add({ title: "Scan queued: its progress shows below", tone: "positive" }, { timeout: 5_000 });
        if (scan) onRan?.(scan);
      } else {
        await abort.mutateAsync({ params: { path: { id: configId, scan_id: request.scan.id } } });
        toastQueue.add({ title: "Scan aborted", tone: "positive" }, { timeout: 5_000 });
      }
      onClose();
    } catch (caught) {
      const what = request.action === "run" ? "The scan was not started" : "The scan was not aborted";
      setError(`${what}. ${apiErrorText(caught) ?? "Try again."}`);
    } finally {
      inFlight.current = false;
    }
  }

  const price = request.action === "run" ? request.endpoints * CREDITS_PER_ENDPOINT : 0;
  return (
    <Stack space="large">
      {request.action === "run" ? (
        <Stack space="small">
          <p>
            Sentinel scans the configuration's {formatNumber(request.endpoints)}{" "}
            {request.endpoints === 1 ? "target" : "targets"} for open services and weaknesses, starting within seconds.
          </p>
          <p>
            It costs {formatNumber(price)} network credits ({CREDITS_PER_ENDPOINT} per target). Targets the scan cannot
            reach are refunded.
          </p>
        </Stack>
      ) : (
        <Stack space="small">
          <p>The scan stops at once. What it has already found stays.</p>
          <p>The credits of the targets it has not scanned yet are refunded.</p>
        </Stack>
      )}
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onClose} autoFocus={request.action === "abort"}>
          Cancel
        </Button>
        <Button
          variant={request.action === "abort" ? "critical" : "solid"}
          onPress={() => void confirm()}
          isPending={run.isPending || abort.isPending}
        >
          {request.action === "run" ? `Run scan for ${formatNumber(price)} credits` : "Abort scan"}
        </Button>
      </Inline>
    </Stack>
  );
}
