import { CalendarDate } from "@internationalized/date";
import type { ScanFrequency, ScheduleType } from "@sentinel/api-client";
import { Button, Checkbox, CheckboxGroup, Dialog, ErrorState, Skeleton, UntrustedText } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useNow } from "../../../lib/NowContext.tsx";
import { ScheduleFields } from "../../../shared/scans/ScheduleFields.tsx";
import { buildScheduleRequest, type ScheduleErrors } from "../../../shared/scans/schedule.ts";
import { useCreateNetworkConfig, useNetworkAssetChoices } from "../api/network.ts";
import type { NewConfigurationDialogProps } from "./NewConfigurationDialog.tsx";
import * as styles from "./network.css.ts";

/** New configurations scan at 09:00 in the user's zone: a working-hours start a team can watch. */
const START_HOUR = 9;

type Errors = ScheduleErrors & { assets?: string; form?: string };

// The dialog of NewConfigurationDialog.tsx, which loads it on demand (its date picker and selects
// are a large part of a page that only lists configurations).

/** Assets to scan and the schedule of the first scan; saved through createNetworkScanConfiguration. */
export function NewConfigurationForm({ onClose, onCreated }: Omit<NewConfigurationDialogProps, "isOpen">) {
  const assets = useNetworkAssetChoices();
  const mutation = useCreateNetworkConfig();
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
    const assetError = chosen.length === 0 ? "Choose at least one target." : undefined;
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
        assets: "Targets",
        scan_time: "Scan date",
      });
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    }
  }

  return (
    <Dialog
      title="New scan configuration"
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
        {assets.isPending ? (
          <Skeleton />
        ) : assets.isError ? (
          <ErrorState
            message={loadErrorMessage(assets.error, "your network assets")}
            onRetry={() => assets.refetch()}
          />
        ) : assets.data.results.length === 0 ? (
          <p className={styles.muted}>
            You have no network assets yet. Add an address or a range on the Assets page, then come back.
          </p>
        ) : (
          <CheckboxGroup
            label="Targets"
            description="Each address is scanned as one endpoint; a range as one endpoint per address."
            value={chosen}
            onChange={(next) => {
              setChosen(next);
              setErrors(({ assets: _, ...rest }) => rest);
            }}
            isRequired
            isInvalid={Boolean(errors.assets)}
            errorMessage={errors.assets}
          >
            {assets.data.results.map((asset) => (
              <Checkbox key={asset.id} value={String(asset.id)}>
                <UntrustedText>{`${asset.target} · ${asset.product.name}`}</UntrustedText>
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
          timeNote="The scan starts at 09:00, your time. Nothing is charged until it runs."
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
