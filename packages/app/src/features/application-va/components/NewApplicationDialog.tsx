import { CalendarDate } from "@internationalized/date";
import type { ScanFrequency, ScheduleType, WebApplication } from "@sentinel/api-client";
import { Button, Checkbox, CheckboxGroup, Dialog, ErrorState, Modal, Skeleton, UntrustedText } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useNow } from "../../../lib/NowContext.tsx";
import { ScheduleFields } from "../../../shared/scans/ScheduleFields.tsx";
import { buildScheduleRequest, type ScheduleErrors } from "../../../shared/scans/schedule.ts";
import { useCreateWebApplications, useWebAssetChoices } from "../api/applications.ts";
import * as styles from "./application.css.ts";
import * as formStyles from "./newApplication.css.ts";

export interface NewApplicationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the applications the API added. */
  onCreated?: (apps: WebApplication[]) => void;
}

/** New applications scan at 09:00 in the user's zone, as new network configurations do. */
const START_HOUR = 9;

type Errors = ScheduleErrors & { assets?: string; form?: string };

/**
 * Adds web application assets to the scanned applications (designed `createWebApplications`), with
 * the first scan's schedule. Loaded when first opened (see overlays.tsx). A failed save keeps the
 * choices and shows the API's words.
 */
export function NewApplicationDialog({ isOpen, onClose, onCreated }: NewApplicationDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      {isOpen ? <NewApplicationForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewApplicationForm({ onClose, onCreated }: Omit<NewApplicationDialogProps, "isOpen">) {
  const assets = useWebAssetChoices();
  const mutation = useCreateWebApplications();
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
  // Assets already scanned are in the list; offering them again would only be refused.
  const free = assets.data?.results.filter((asset) => !asset.registered) ?? [];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const scanTime = day ? new Date(day.year, day.month - 1, day.day, START_HOUR, 0) : null;
    const built = buildScheduleRequest({ scheduleType, frequency, scanTime }, new Date(now));
    const assetError = chosen.length === 0 ? "Choose at least one application." : undefined;
    if (!built.ok || assetError) {
      setErrors({ ...(built.ok ? {} : built.errors), ...(assetError ? { assets: assetError } : {}) });
      return;
    }
    setErrors({});
    try {
      const created = await mutation.mutateAsync({ body: { ...built.body, assets: chosen.map(Number) } });
      if (created) onCreated?.(created.results);
      onClose();
    } catch (error) {
      const shown =
        scheduleType === "AUTOMATIC_SCHEDULLE"
          ? (["assets", "schedulle_type", "frequency_type", "scan_time"] as const)
          : (["assets", "schedulle_type", "scan_time"] as const);
      const mapped = mapApiErrors(error, shown, "The applications were not added", {
        assets: "Applications",
        scan_time: "Scan date",
      });
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    }
  }

  return (
    <Dialog
      title="New web application"
      actions={
        <>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={mutation.isPending} pendingLabel="Adding the applications">
            Add to scans
          </Button>
        </>
      }
    >
      <Form id={formId} validationBehavior="aria" className={formStyles.dialogForm} onSubmit={handleSubmit}>
        {assets.isPending ? (
          <Skeleton />
        ) : assets.isError ? (
          <ErrorState
            message={loadErrorMessage(assets.error, "your web application assets")}
            onRetry={() => assets.refetch()}
          />
        ) : free.length === 0 ? (
          <p className={styles.muted}>
            Every web application asset is already scanned. Add an application's URL on the Assets page, then come back.
          </p>
        ) : (
          <CheckboxGroup
            label="Applications"
            description="Choose applications of one product. Each is scanned at its URL."
            value={chosen}
            onChange={(next) => {
              setChosen(next);
              setErrors(({ assets: _, ...rest }) => rest);
            }}
            isRequired
            isInvalid={Boolean(errors.assets)}
            errorMessage={errors.assets}
          >
            {free.map((asset) => (
              <Checkbox key={asset.id} value={String(asset.id)}>
                <UntrustedText>{`${asset.application_name} · ${asset.url} · ${asset.product.name}`}</UntrustedText>
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
          <p role="alert" className={formStyles.formError}>
            {errors.form}
          </p>
        ) : null}
      </Form>
    </Dialog>
  );
}
