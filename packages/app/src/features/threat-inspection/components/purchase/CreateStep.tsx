import { Button, ComboBox, Skeleton, TextField } from "@sentinel/ui";
import { type FormEvent, useMemo, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../../../lib/formErrors.ts";
import { useCreateConfiguration } from "../../api/configurations.ts";
import { useExposureTargets } from "../../api/purchase.ts";
import { FormMessage } from "./FormMessage.tsx";
import * as styles from "./purchase.css.ts";
import { StepSection } from "./StepSection.tsx";

export interface CreateStepProps {
  heading: string;
  /** Exposure target id to preselect (from an exposure review). */
  initialTarget: number | null;
  onCreated: (id: number) => void;
  onCancel: () => void;
}

/** Step 1: a name and the exposure detection target whose endpoints will be inspected. */
export function CreateStep({ heading, initialTarget, onCreated, onCancel }: CreateStepProps) {
  const targets = useExposureTargets();
  const create = useCreateConfiguration();
  const [name, setName] = useState("");
  const [target, setTarget] = useState<number | null>(initialTarget);
  const [touched, setTouched] = useState(false);

  // One option per target: several configurations may watch the same domain.
  const options = useMemo(() => {
    const byTarget = new Map<number, { id: number; label: string }>();
    for (const c of targets.data?.results ?? []) {
      if (!byTarget.has(c.target.id)) byTarget.set(c.target.id, { id: c.target.id, label: c.target.name || c.domain });
    }
    return [...byTarget.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [targets.data]);

  // Field messages show on their fields; anything else (a non-field or network error, another field) above the form.
  const { fields: fieldErrors, form: formError } = create.error
    ? mapApiErrors(create.error, ["name", "exposure_detection_target"], "The configuration could not be created")
    : { fields: {}, form: undefined };
  const nameMissing = touched && name.trim() === "";
  const targetMissing = touched && target === null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() === "" || target === null || create.isPending) return;
    create.mutate(
      { body: { name: name.trim(), exposure_detection_target: target } },
      {
        onSuccess: (created) => {
          if (created) onCreated(created.id);
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria">
      <StepSection
        heading={heading}
        description="Name the inspection and choose the exposure detection target whose endpoints it will check."
        actions={
          <>
            <Button variant="ghost" onPress={onCancel}>
              Cancel
            </Button>
            <Button type="submit" isPending={create.isPending} pendingLabel="Creating">
              Create and select endpoints
            </Button>
          </>
        }
      >
        <div className={styles.form}>
          {formError ? <FormMessage tone="critical">{formError}</FormMessage> : null}
          <TextField
            label="Name"
            isRequired
            value={name}
            onChange={setName}
            maxLength={120}
            isInvalid={nameMissing || Boolean(fieldErrors.name)}
            errorMessage={fieldErrors.name ?? "Enter a name."}
          />
          {targets.isPending ? (
            <Skeleton variant="block" height="4rem" />
          ) : (
            <ComboBox
              label="Exposure detection target"
              isRequired
              items={options}
              selectedKey={target}
              onSelectionChange={(key) => setTarget(key === null ? null : Number(key))}
              placeholder="Search a domain"
              description={
                targets.isError ? "The targets could not be loaded." : "The domains exposure detection watches."
              }
              isInvalid={targetMissing || Boolean(fieldErrors.exposure_detection_target)}
              errorMessage={fieldErrors.exposure_detection_target ?? "Choose a target."}
              emptyText="No target matches"
            />
          )}
          {targets.isError ? (
            <Button variant="outline" size="small" onPress={() => targets.refetch()}>
              Retry loading targets
            </Button>
          ) : null}
        </div>
      </StepSection>
    </Form>
  );
}
