import { type FindingStatus, versionConflictOf } from "@sentinel/api-client";
import { Button, Inline, Select, TextArea } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../lib/formErrors.ts";
import type { StatusChangeRequest } from "./api/findingQueries.ts";
import * as styles from "./FindingDetail.css.ts";
import { findingStatuses, findingStatusLabels, isFindingStatus, reasonRequiredStatuses } from "./labels.ts";

export interface FindingStatusChangeProps {
  /** The finding's status now; it cannot be chosen again (the API refuses a no-op change). */
  currentStatus: FindingStatus;
  /**
   * Sends the change. Resolve on success; reject with the `ApiError` on failure, and the form keeps
   * what the user typed and shows the API's message.
   */
  onSubmit: (change: StatusChangeRequest) => Promise<unknown>;
}

type Errors = { status?: string; message?: string; form?: string };

function errorsFrom(error: unknown): Errors {
  const conflict = versionConflictOf(error);
  if (conflict) {
    const { current } = conflict;
    const by = current.modified_by ? ` by ${current.modified_by.fullname || current.modified_by.username}` : "";
    // The detail above already shows the finding as it is now (the status mutation stores the 409's
    // `current` in the detail cache), so a second send goes against what the user can see; the
    // draft stays for it.
    return {
      form: `Someone else changed this finding while you had it open: it is now ${findingStatusLabels[current.status]}${by}. Your message is kept; check the history and send it again to change it from ${findingStatusLabels[current.status]}.`,
    };
  }
  const mapped = mapApiErrors(error, ["status", "message"], "The status was not changed");
  return { ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) };
}

/** What the history reads for a change without a reason: the spec's own wording ("Update to fixing"). */
export function defaultStatusMessage(status: FindingStatus): string {
  return `Update to ${findingStatusLabels[status].toLowerCase()}`;
}

/**
 * One-step status change: pick ACTIVE, FIXING, MITIGATED, TOLERATED or false positive, say why
 * (required for the last three, as in the bulk change), submit. The caller's mutation is optimistic; this form only owns the draft and the error.
 */
export function FindingStatusChange({ currentStatus, onSubmit }: FindingStatusChangeProps) {
  const [status, setStatus] = useState<FindingStatus | null>(null);
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const formErrorId = useId();

  const items = findingStatuses.map((value) => ({
    id: value,
    label: findingStatusLabels[value],
    ...(value === currentStatus
      ? { isDisabled: true, description: "Current status" }
      : reasonRequiredStatuses.has(value)
        ? { description: "Needs a reason" }
        : {}),
  }));
  // One rule with the bulk change (issue 28): a reason for Mitigated, Tolerated and False positive,
  // which claim something about the risk; Active and Fixing may go without one.
  const needsReason = status !== null && reasonRequiredStatuses.has(status);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!status) next.status = "Choose the new status.";
    else if (status === currentStatus) next.status = `The finding is already ${findingStatusLabels[status]}.`;
    if (needsReason && status && !message.trim()) {
      next.message = `Say why this finding is ${findingStatusLabels[status]}; it is kept in its history.`;
    }
    setErrors(next);
    setAnnouncement("");
    if (next.status || next.message || !status) return;
    setPending(true);
    try {
      // The API logs a message with every change; without one it reads as the bulk change's does.
      await onSubmit({ status, message: message.trim() || defaultStatusMessage(status) });
      setStatus(null);
      setMessage("");
      setAnnouncement(`Status changed to ${findingStatusLabels[status]}.`);
    } catch (error) {
      setErrors(errorsFrom(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Form
      validationBehavior="aria"
      className={styles.statusForm}
      onSubmit={handleSubmit}
      aria-describedby={errors.form ? formErrorId : undefined}
    >
      <div className={styles.statusFields}>
        <Select
          label="New status"
          placeholder="Choose a status"
          items={items}
          selectedKey={status}
          onSelectionChange={(key) => {
            setStatus(isFindingStatus(key) ? key : null);
            setErrors((e) => ({ ...e, status: undefined, form: undefined }));
          }}
          isRequired
          isInvalid={Boolean(errors.status)}
          errorMessage={errors.status}
        />
        <TextArea
          label={status === null || needsReason ? "Reason" : "Reason (optional)"}
          description={
            status === null
              ? "Needed for Mitigated, Tolerated and False Positive; kept in the finding's history."
              : needsReason
                ? "Kept in the finding's history."
                : "Without one the history reads the status change."
          }
          rows={2}
          value={message}
          onChange={(value) => {
            setMessage(value);
            setErrors((e) => ({ ...e, message: undefined, form: undefined }));
          }}
          isRequired={needsReason}
          isInvalid={Boolean(errors.message)}
          errorMessage={errors.message}
        />
      </div>
      {errors.form ? (
        <p id={formErrorId} role="alert" className={styles.formError}>
          {errors.form}
        </p>
      ) : null}
      <Inline space="medium" alignY="center">
        <Button type="submit" isPending={pending} pendingLabel="Changing status">
          Change status
        </Button>
        <span role="status" className={styles.announcement}>
          {announcement}
        </span>
      </Inline>
    </Form>
  );
}
