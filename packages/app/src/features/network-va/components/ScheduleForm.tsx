import { CalendarDate, getLocalTimeZone, today } from "@internationalized/date";
import type { NetworkScan, ScanFrequency, ScheduleType } from "@sentinel/api-client";
import { Button, Dialog } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { ScheduleFields } from "../../../shared/scans/ScheduleFields.tsx";
import { buildScheduleRequest, type ScheduleErrors } from "../../../shared/scans/schedule.ts";
import { useUpdateSchedule } from "../api/network.ts";
import * as styles from "./network.css.ts";
import type { UpdateScheduleDialogProps } from "./UpdateScheduleDialog.tsx";

// The dialog of UpdateScheduleDialog.tsx, which loads it on demand: its date picker and selects
// are a large part of the page and only matter once the dialog opens.

/** The scan's scheduled day as a calendar date in the user's zone. */
function dayOf(iso: string): CalendarDate | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new CalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** The dialog's content: schedule type, frequency and day, saved through the API. */
export function ScheduleForm({
  configId,
  scan,
  frequency: initialFrequency,
  onClose,
  onUpdated,
}: Omit<UpdateScheduleDialogProps, "scan"> & { scan: NetworkScan }) {
  const mutation = useUpdateSchedule();
  const [scheduleType, setScheduleType] = useState<ScheduleType>(scan.schedulle_type);
  const [frequency, setFrequency] = useState<ScanFrequency | null>(initialFrequency);
  const [day, setDay] = useState<CalendarDate | null>(() => dayOf(scan.scan_time.schedulle));
  const [errors, setErrors] = useState<ScheduleErrors & { form?: string }>({});
  const minDay = today(getLocalTimeZone()).add({ days: 1 });
  const formId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const previous = new Date(scan.scan_time.schedulle);
    const scanTime = day
      ? new Date(day.year, day.month - 1, day.day, previous.getHours(), previous.getMinutes())
      : null;
    const built = buildScheduleRequest({ scheduleType, frequency, scanTime }, new Date());
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    try {
      const updated = await mutation.mutateAsync({
        params: { path: { id: configId, scan_id: scan.id } },
        body: built.body,
      });
      if (updated) onUpdated?.(updated);
      onClose();
    } catch (error) {
      // Frequency is only on screen for an automatic schedule; otherwise its message joins the form's.
      const shown =
        scheduleType === "AUTOMATIC_SCHEDULLE"
          ? (["schedulle_type", "frequency_type", "scan_time"] as const)
          : (["schedulle_type", "scan_time"] as const);
      const mapped = mapApiErrors(error, shown, "The schedule was not saved", { scan_time: "Scan date" });
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    }
  }

  return (
    <Dialog
      title="Update schedule"
      actions={
        <>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={mutation.isPending} pendingLabel="Saving the schedule">
            Save schedule
          </Button>
        </>
      }
    >
      <Form id={formId} validationBehavior="aria" className={styles.dialogForm} onSubmit={handleSubmit}>
        <p className={styles.muted}>
          Scan #{scan.id} · {scan.target_type_display}
        </p>
        <ScheduleFields
          scheduleType={scheduleType}
          onScheduleTypeChange={setScheduleType}
          frequency={frequency}
          onFrequencyChange={setFrequency}
          day={day}
          onDayChange={setDay}
          minDay={minDay}
          timeNote="The scan keeps its time of day."
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
