import type { UserSummary } from "@sentinel/api-client";
import { Button, Dialog, formatNumber, Modal, Select, Stack } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import * as styles from "../FindingDetail.css.ts";
import type { ReasonDialogAnswer } from "./reasonDialogAnswer.ts";

const nobody = "none";

export interface AssignDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** How many findings the assignment applies to, as the user sees them selected. */
  count: number;
  /** Who may be assigned; undefined while loading. */
  candidates: readonly UserSummary[] | undefined;
  /** Said under the choice, e.g. that only staff are listed without a company filter. */
  candidatesNote?: string | undefined;
  /**
   * Sends the assignment (null unassigns). Resolve with nothing on success (the dialog closes), with
   * `countChanged` when the filter moved (the dialog offers to go on); reject with the `ApiError`.
   */
  onSubmit: (
    assignee: { id: number; label: string } | null,
    options?: { acceptCount?: number },
  ) => Promise<ReasonDialogAnswer>;
}

const findings = (n: number) => `${formatNumber(n)} ${n === 1 ? "finding" : "findings"}`;

/**
 * The bulk assignment's dialog (issue 28): the confirmation of who gets how many findings, as the
 * reason dialog confirms a status change; a changed count is answered in place, with a button to go on.
 */
export function AssignDialog({ isOpen, onOpenChange, ...props }: AssignDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <AssignForm {...props} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function AssignForm({
  count,
  candidates,
  candidatesNote,
  onSubmit,
  onDone,
}: Omit<AssignDialogProps, "isOpen" | "onOpenChange"> & { onDone: () => void }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const [countChanged, setCountChanged] = useState<number | null>(null);
  const formId = useId();
  const formErrorId = useId();
  const items = [
    { id: nobody, label: "Nobody (unassign)" },
    ...(candidates ?? []).map((c) => ({ id: String(c.id), label: c.fullname })),
  ];

  async function send(acceptCount?: number) {
    if (choice === null) {
      setError({ field: "Choose who the findings go to." });
      return;
    }
    setError({});
    setPending(true);
    try {
      const person = choice === nobody ? null : (candidates ?? []).find((c) => String(c.id) === choice);
      const answer = await onSubmit(
        person ? { id: person.id, label: person.fullname } : null,
        acceptCount === undefined ? undefined : { acceptCount },
      );
      if (answer && "countChanged" in answer) setCountChanged(answer.countChanged);
      else onDone();
    } catch (failure) {
      const mapped = mapApiErrors(failure, ["assignee"], "Nothing was assigned");
      setError({
        ...(mapped.fields.assignee ? { field: mapped.fields.assignee } : {}),
        ...(mapped.form ? { form: mapped.form } : {}),
      });
    } finally {
      setPending(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(countChanged ?? undefined);
  }

  const shown = countChanged ?? count;
  return (
    <Dialog
      title={`Assign ${findings(shown)}`}
      actions={(close) => (
        <>
          <Button variant="ghost" onPress={close} isDisabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="solid" isPending={pending} pendingLabel="Assigning">
            {countChanged === null ? "Assign" : `Assign ${findings(countChanged)}`}
          </Button>
        </>
      )}
    >
      <Form
        id={formId}
        validationBehavior="aria"
        onSubmit={handleSubmit}
        aria-describedby={error.form ? formErrorId : undefined}
      >
        <Stack space="large">
          {countChanged !== null ? (
            <p role="alert" className={styles.formError}>
              {`The filter now matches ${findings(countChanged)} (you saw ${formatNumber(count)}). Nothing was assigned yet.`}
            </p>
          ) : null}
          <Select
            label="Assign to"
            items={items}
            value={choice}
            onChange={(key) => {
              setChoice(key === null ? null : String(key));
              setError({});
            }}
            isDisabled={candidates === undefined}
            isInvalid={error.field !== undefined}
            {...(error.field ? { errorMessage: error.field } : {})}
            description={
              candidates === undefined
                ? "Loading who can be assigned…"
                : (candidatesNote ?? "Members of the company and Sentinel analysts. Undo takes it back.")
            }
          />
          {error.form ? (
            <p id={formErrorId} role="alert" className={styles.formError}>
              {error.form}
            </p>
          ) : null}
        </Stack>
      </Form>
    </Dialog>
  );
}
