import type { CompanyScanRange } from "@sentinel/api-client";
import { Button, Dialog, Inline, Modal, Stack, TextField, toastQueue } from "@sentinel/ui";
import { type FormEvent, useRef, useState } from "react";
import { apiErrorText, mapApiErrors } from "../../../lib/formErrors.ts";
import { useAddScanRange, useRemoveScanRange } from "../api/scanScope.ts";
import * as styles from "./companies.css.ts";

interface DialogProps {
  companyId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

const fields = ["range", "note"] as const;

/** Widens a company's scan scope by one block; the API's refusal shows on the field it is about. */
export function AddScanRangeDialog({ companyId, isOpen, onOpenChange }: DialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Add a scan range">
        <AddForm companyId={companyId} onDone={() => onOpenChange(false)} />
      </Dialog>
    </Modal>
  );
}

function AddForm({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const [range, setRange] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Partial<Record<(typeof fields)[number], string>>>({});
  const [formError, setFormError] = useState("");
  const inFlight = useRef(false);
  const add = useAddScanRange(companyId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    if (!range.trim()) {
      setErrors({ range: "Enter an address or a CIDR block, such as 10.20.0.0/16." });
      return;
    }
    inFlight.current = true;
    setErrors({});
    setFormError("");
    try {
      const added = await add.save({ range: range.trim(), note: note.trim() });
      toastQueue.add({ title: `${added.range} added to the scan scope`, tone: "positive" }, { timeout: 5_000 });
      onDone();
    } catch (error) {
      const split = mapApiErrors(error, fields, "The range was not added");
      setErrors(split.fields);
      setFormError(split.form ?? "");
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Add a scan range">
      <TextField
        label="Range"
        value={range}
        onChange={setRange}
        isRequired
        description="An address or a CIDR block in a private, link-local or shared range, such as 10.20.0.0/16."
        isInvalid={Boolean(errors.range)}
        errorMessage={errors.range}
      />
      <TextField
        label="Note"
        value={note}
        onChange={setNote}
        maxLength={200}
        description="Why this company's scans may reach it, such as its office VPN."
        isInvalid={Boolean(errors.note)}
        errorMessage={errors.note}
      />
      {formError ? (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      ) : null}
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={add.isPending} pendingLabel="Adding">
          Add range
        </Button>
      </Inline>
    </form>
  );
}

/** Confirms removing a range; scans already queued are refused that range when they run. */
export function RemoveScanRangeDialog({
  companyId,
  range,
  isOpen,
  onOpenChange,
}: DialogProps & { range: CompanyScanRange | null }) {
  const remove = useRemoveScanRange(companyId);
  const [error, setError] = useState("");
  async function confirm() {
    if (!range) return;
    setError("");
    try {
      await remove.remove(range.id);
      toastQueue.add({ title: `${range.range} removed from the scan scope`, tone: "positive" }, { timeout: 5_000 });
      onOpenChange(false);
    } catch (caught) {
      setError(`The range was not removed. ${apiErrorText(caught) ?? "Try again."}`);
    }
  }
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      {range ? (
        <Dialog title={`Remove ${range.range}?`} role="alertdialog">
          <Stack space="large">
            <p>
              This company's scans can no longer reach it. Scans already queued are refused its addresses when they run,
              and refunded for them.
            </p>
            {error ? (
              <p role="alert" className={styles.formError}>
                {error}
              </p>
            ) : null}
            <Inline space="small" align="end">
              <Button variant="ghost" onPress={() => onOpenChange(false)} autoFocus>
                Cancel
              </Button>
              <Button variant="critical" onPress={() => void confirm()} isPending={remove.isPending}>
                Remove range
              </Button>
            </Inline>
          </Stack>
        </Dialog>
      ) : null}
    </Modal>
  );
}
