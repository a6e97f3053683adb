import type { FindingStatus } from "@sentinel/api-client";
import { Button, Dialog, formatNumber, Modal, Radio, RadioGroup, Stack, TextArea } from "@sentinel/ui";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import * as styles from "../FindingDetail.css.ts";
import { findingStatuses, findingStatusLabels, isFindingStatus, reasonRequiredStatuses } from "../labels.ts";
import type { ReasonDialogAnswer, ReasonDialogSubmitOptions } from "./reasonDialogAnswer.ts";

/** The API caps a reason at 2,000 characters (`FindingBulkStatusRequest.reason`). */
const REASON_MAX = 2000;

export interface ReasonDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** How many findings the change applies to, as the user sees them selected. */
  count: number;
  /** The status picked when the dialog opens (the menu item or the 1–5 key that opened it). */
  initialStatus: FindingStatus;
  /**
   * Sends the change. Resolve with nothing on success (the dialog closes); with `countChanged` or
   * `versionConflicts` when the selection moved (the dialog offers to go on); reject with the
   * `ApiError` and the dialog shows it, keeping what the user typed.
   */
  onSubmit: (status: FindingStatus, reason: string, options?: ReasonDialogSubmitOptions) => Promise<ReasonDialogAnswer>;
  /**
   * What the change to the chosen status would overwrite, shown above the choices (the findings
   * section's `OverwriteNotice`, which counts them); absent, nothing is shown.
   */
  notice?: ((status: FindingStatus) => ReactNode) | undefined;
}

type Errors = { status?: string; reason?: string; form?: string };

const findings = (n: number) => `${formatNumber(n)} ${n === 1 ? "finding" : "findings"}`;

/** "Change 1.234 findings to False Positive". */
export function reasonDialogTitle(count: number, status: FindingStatus): string {
  return `Change ${findings(count)} to ${findingStatusLabels[status]}`;
}

/**
 * The bulk status change's dialog (issue 17): pick the status, give the reason the rule asks for,
 * submit. It is also the confirmation of a large change, or one that overwrites reasons (issue 28),
 * which `notice` states. A changed count or stale versions are answered in place, with a button to go on.
 */
export function ReasonDialog({ isOpen, onOpenChange, count, initialStatus, onSubmit, notice }: ReasonDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <ReasonForm
        count={count}
        initialStatus={initialStatus}
        onSubmit={onSubmit}
        notice={notice}
        onDone={() => onOpenChange(false)}
      />
    </Modal>
  );
}

function ReasonForm({
  count,
  initialStatus,
  onSubmit,
  notice,
  onDone,
}: Pick<ReasonDialogProps, "count" | "initialStatus" | "onSubmit" | "notice"> & { onDone: () => void }) {
  const [status, setStatus] = useState<FindingStatus>(initialStatus);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [countChanged, setCountChanged] = useState<number | null>(null);
  const [versionConflicts, setVersionConflicts] = useState<number | null>(null);
  const formErrorId = useId();
  const formId = useId();

  // A new opening (another status key) starts from its own status.
  useEffect(() => setStatus(initialStatus), [initialStatus]);

  const needsReason = reasonRequiredStatuses.has(status);

  async function send(options?: ReasonDialogSubmitOptions) {
    if (needsReason && !reason.trim()) {
      setErrors({ reason: `Say why these findings are ${findingStatusLabels[status]}; it is kept in their history.` });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const answer = await onSubmit(status, reason.trim(), options);
      if (answer && "countChanged" in answer) {
        setCountChanged(answer.countChanged);
        setVersionConflicts(null);
      } else if (answer && "versionConflicts" in answer) {
        setVersionConflicts(answer.versionConflicts);
        setCountChanged(null);
      } else {
        onDone();
      }
    } catch (error) {
      const mapped = mapApiErrors(error, ["status", "reason"], "The status was not changed");
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    } finally {
      setPending(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(countChanged === null ? undefined : { acceptCount: countChanged });
  }

  const shownCount = countChanged ?? count;

  return (
    <Dialog
      title={reasonDialogTitle(shownCount, status)}
      actions={(close) => (
        <>
          <Button variant="ghost" onPress={close} isDisabled={pending}>
            Cancel
          </Button>
          {versionConflicts !== null ? (
            <Button
              variant="solid"
              isPending={pending}
              pendingLabel="Changing status"
              onPress={() => void send({ skipConflicts: true })}
            >
              Change the others
            </Button>
          ) : (
            <Button type="submit" form={formId} variant="solid" isPending={pending} pendingLabel="Changing status">
              {countChanged === null ? "Change status" : `Apply to ${findings(countChanged)}`}
            </Button>
          )}
        </>
      )}
    >
      <Form
        id={formId}
        validationBehavior="aria"
        onSubmit={handleSubmit}
        aria-describedby={errors.form ? formErrorId : undefined}
      >
        <Stack space="large">
          {countChanged !== null ? (
            <p role="alert" className={styles.formError}>
              {`The filter now matches ${findings(countChanged)} (you saw ${formatNumber(count)}). Nothing was changed yet.`}
            </p>
          ) : null}
          {versionConflicts !== null ? (
            <p role="alert" className={styles.formError}>
              {`${findings(versionConflicts)} changed since you selected ${versionConflicts === 1 ? "it" : "them"}. Nothing was changed yet; you can change the others and leave ${versionConflicts === 1 ? "that one" : "those"} alone.`}
            </p>
          ) : null}
          {notice?.(status)}
          <RadioGroup
            label="New status"
            value={status}
            onChange={(value) => {
              if (isFindingStatus(value)) setStatus(value);
              setErrors((e) => ({ ...e, status: undefined, reason: undefined, form: undefined }));
            }}
            isInvalid={Boolean(errors.status)}
            errorMessage={errors.status}
          >
            {findingStatuses.map((value) => (
              <Radio
                key={value}
                value={value}
                {...(reasonRequiredStatuses.has(value) ? { description: "Needs a reason" } : {})}
              >
                {findingStatusLabels[value]}
              </Radio>
            ))}
          </RadioGroup>
          <TextArea
            label="Reason"
            description={
              needsReason
                ? "Kept in each finding's history."
                : "Optional; without one the history reads the status change."
            }
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setErrors((e) => ({ ...e, reason: undefined, form: undefined }));
            }}
            isRequired={needsReason}
            isInvalid={Boolean(errors.reason)}
            errorMessage={errors.reason}
          />
          {errors.form ? (
            <p id={formErrorId} role="alert" className={styles.formError}>
              {errors.form}
            </p>
          ) : null}
        </Stack>
      </Form>
    </Dialog>
  );
}
