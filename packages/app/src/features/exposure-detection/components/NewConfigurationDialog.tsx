import { CalendarDate } from "@internationalized/date";
import type { ExposureDetectionConfiguration, ScanFrequency, ScheduleType } from "@sentinel/api-client";
import { Button, Checkbox, CheckboxGroup, Dialog, ErrorState, Modal, Skeleton, UntrustedText } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useNow } from "../../../lib/NowContext.tsx";
import { ScheduleFields } from "../../../shared/scans/ScheduleFields.tsx";
import { buildScheduleRequest, type ScheduleErrors } from "../../../shared/scans/schedule.ts";
import { useCreateExposureConfigs, useExposureDomainChoices } from "../api/exposure.ts";
import * as styles from "./newConfiguration.css.ts";

/** New configurations are due at 09:00 in the user's zone: a working-hours start a team can watch. */
const START_HOUR = 9;

type Errors = ScheduleErrors & { assets?: string; form?: string };

export interface NewConfigurationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the configurations the API created, one per domain. */
  onCreated?: (configs: ExposureDetectionConfiguration[]) => void;
}

/**
 * Makes exposure detection configurations of domains (designed `createExposureDetectionConfiguration`):
 * the domains and when their first scan is due. The screen loads this module when the dialog first
 * opens (LazyOverlay). A failed save keeps the choices and shows the API's words.
 */
export function NewConfigurationDialog({ isOpen, onClose, onCreated }: NewConfigurationDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      {isOpen ? <NewConfigurationForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewConfigurationForm({ onClose, onCreated }: Omit<NewConfigurationDialogProps, "isOpen">) {
  const domains = useExposureDomainChoices();
  const mutation = useCreateExposureConfigs();
  const now = useNow();
  // Tomorrow in the user's zone, from the clock stories pin, so a screenshot shows the same day every day.
  const [minDay] = useState(() => {
    const at = new Date(now);
    return new CalendarDate(at.getFullYear(), at.getMonth() + 1, at.getDate()).add({ days: 1 });
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [scheduleType, setScheduleType] = useState<ScheduleType>("ONE_TIME_SCAN");
  const [frequency, setFrequency] = useState<ScanFrequency | null>(null);
  const [day, setDay] = useState<CalendarDate | null>(minDay);
  const [errors, setErrors] = useState<Errors>({});
  const formId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const scanTime = day ? new Date(day.year, day.month - 1, day.day, START_HOUR, 0) : null;
    const built = buildScheduleRequest({ scheduleType, frequency, scanTime }, new Date(now));
    const assetError = chosen.length === 0 ? "Choose at least one domain." : undefined;
    if (!built.ok || assetError) {
      setErrors({ ...(built.ok ? {} : built.errors), ...(assetError ? { assets: assetError } : {}) });
      return;
    }
    setErrors({});
    try {
      const created = await mutation.mutateAsync({ body: { ...built.body, assets: chosen.map(Number) } });
      if (created) onCreated?.(created);
      onClose();
    } catch (error) {
      const shown =
        scheduleType === "AUTOMATIC_SCHEDULLE"
          ? (["assets", "schedulle_type", "frequency_type", "scan_time"] as const)
          : (["assets", "schedulle_type", "scan_time"] as const);
      const mapped = mapApiErrors(error, shown, "The configuration was not created", {
        assets: "Domains",
        scan_time: "Scan date",
      });
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    }
  }

  return (
    <Dialog
      title="New exposure detection configuration"
      actions={
        <>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={mutation.isPending} pendingLabel="Creating the configuration">
            Create configuration
          </Button>
        </>
      }
    >
      <Form id={formId} validationBehavior="aria" className={styles.dialogForm} onSubmit={handleSubmit}>
        {domains.isPending ? (
          <Skeleton />
        ) : domains.error ? (
          <ErrorState message={loadErrorMessage(domains.error, "your domains")} onRetry={() => domains.refetch()} />
        ) : domains.choices.length === 0 ? (
          <p className={styles.muted}>
            Every domain you have is configured. Add a domain on the Assets page, then come back.
          </p>
        ) : (
          <CheckboxGroup
            label="Domains"
            description="Each domain becomes a configuration of its own; a scan of one costs 10 credits."
            value={chosen}
            onChange={(next) => {
              setChosen(next);
              setErrors(({ assets: _, ...rest }) => rest);
            }}
            isRequired
            isInvalid={Boolean(errors.assets)}
            errorMessage={errors.assets}
          >
            {domains.choices.map((asset) => (
              <Checkbox key={asset.id} value={String(asset.id)}>
                <UntrustedText>{`${asset.target.name} · ${asset.product.name}`}</UntrustedText>
              </Checkbox>
            ))}
          </CheckboxGroup>
        )}
        <ScheduleFields
          scheduleType={scheduleType}
          onScheduleTypeChange={setScheduleType}
          frequency={frequency}
          onFrequencyChange={setFrequency}
          day={day}
          onDayChange={setDay}
          minDay={minDay}
          timeNote="The first scan is due at 09:00, your time. Nothing is charged until a scan runs."
          errors={errors}
        />
        {errors.form ? (
          <p role="alert" className={styles.formError}>
            {errors.form}
          </p>
        ) : null}
      </Form>
    </Dialog>
  );
}
