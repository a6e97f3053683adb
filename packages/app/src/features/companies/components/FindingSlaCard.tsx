import type { FindingSla, FindingSlaDays, Severity } from "@sentinel/api-client";
import { Button, Card, DescriptionList, ErrorState, Inline, NumberField, Skeleton, Stack } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useFindingSla, useFindingSlaMutation } from "../../../shared/findings/api/ownership.ts";
import { severities, severityLabels } from "../../../shared/findings/labels.ts";
import * as styles from "./companies.css.ts";

/** "30 days", or "No due date". */
export function slaDaysText(days: number | null): string {
  return days === null ? "No due date" : `${days} ${days === 1 ? "day" : "days"}`;
}

export interface FindingSlaCardProps {
  companyId: number;
  /** A client admin of the company or a super admin may change it; everyone else reads it. */
  canEdit: boolean;
}

/**
 * The company's finding SLA (issue 28): how many days after a finding is first seen it is due, per
 * severity. Findings past it while still open read as overdue.
 */
export function FindingSlaCard({ companyId, canEdit }: FindingSlaCardProps) {
  const query = useFindingSla(companyId);
  const [editing, setEditing] = useState(false);
  return (
    <Card
      title="Finding SLA"
      actions={
        canEdit && query.data && !editing ? (
          <Button variant="outline" size="small" onPress={() => setEditing(true)}>
            Edit SLA
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? (
        <Skeleton lines={5} />
      ) : query.isError ? (
        <ErrorState headingLevel={3} message="We couldn't load the SLA." onRetry={() => void query.refetch()} />
      ) : editing ? (
        <SlaForm companyId={companyId} sla={query.data} onDone={() => setEditing(false)} />
      ) : (
        <Stack space="medium">
          <p className={styles.text}>
            {query.data.is_default
              ? "Days to fix a finding after it is first seen. These are Sentinel's defaults."
              : "Days to fix a finding after it is first seen."}
          </p>
          <DescriptionList
            aria-label="Days to fix by severity"
            items={severities.map((s) => ({ term: severityLabels[s], description: slaDaysText(query.data.days[s]) }))}
          />
        </Stack>
      )}
    </Card>
  );
}

function SlaForm({ companyId, sla, onDone }: { companyId: number; sla: FindingSla; onDone: () => void }) {
  const mutation = useFindingSlaMutation(companyId);
  const [days, setDays] = useState<FindingSlaDays>(sla.days);
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const errorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    try {
      await mutation.mutateAsync({ params: { path: { id: companyId } }, body: { days } });
      onDone();
    } catch (failure) {
      const mapped = mapApiErrors(failure, ["days"], "The SLA was not saved");
      setError(mapped.fields.days ?? mapped.form);
    }
  }

  const set = (severity: Severity, value: number) =>
    setDays((current) => ({ ...current, [severity]: Number.isNaN(value) ? null : value }));

  return (
    <Form id={formId} onSubmit={submit} validationBehavior="aria" aria-describedby={error ? errorId : undefined}>
      <Stack space="medium">
        {severities.map((severity) => (
          <NumberField
            key={severity}
            label={`${severityLabels[severity]} (days)`}
            description="Leave empty for no due date."
            minValue={1}
            maxValue={3650}
            step={1}
            value={days[severity] ?? Number.NaN}
            onChange={(value) => set(severity, value)}
          />
        ))}
        {error ? (
          <p id={errorId} role="alert" className={styles.text}>
            {error}
          </p>
        ) : null}
        <Inline space="small">
          <Button type="submit" variant="solid" size="small" isPending={mutation.isPending} pendingLabel="Saving">
            Save SLA
          </Button>
          <Button variant="ghost" size="small" onPress={onDone} isDisabled={mutation.isPending}>
            Cancel
          </Button>
        </Inline>
      </Stack>
    </Form>
  );
}
