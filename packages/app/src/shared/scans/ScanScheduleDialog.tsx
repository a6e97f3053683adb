import { CalendarDate, getLocalTimeZone, today } from "@internationalized/date";
import type { ScanFrequency, ScanSchedule, ScanScheduleUpdate, ScheduleType } from "@sentinel/api-client";
import { Button, Dialog, formatDateTime, Modal, Select, toastQueue } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../lib/formErrors.ts";
import { dialogForm, dialogFormError } from "../patterns/dialogForm.css.ts";
import { ScheduleFields } from "./ScheduleFields.tsx";
import { buildScheduleRequest, type ScheduleErrors } from "./schedule.ts";

// Loaded when its button is first pressed (LazyOverlay): the date picker and selects are a large
// part of a page and only matter once the dialog opens.

/** A booked run keeps its time of day; a first booking runs at night, when a scan disturbs least. */
const FIRST_HOUR = 2;

export interface ScanScheduleDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** What is scheduled, for the dialog's title ("the application", "example.com"). */
  subject: string;
  /** The schedule as read; undefined while it loads. */
  schedule: ScanSchedule | undefined;
  /** A repository's branches; the schedule scans the chosen one. Absent in other areas. */
  branches?: readonly string[];
  /** Saves through the area's own mutation; the schedule the server answered. */
  onSave: (body: ScanScheduleUpdate) => Promise<unknown>;
}

function dayOf(iso: string | null): CalendarDate | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new CalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

type Errors = ScheduleErrors & { branch?: string; form?: string };

/**
 * Books (or moves) an area's next scheduled scan: schedule type, a frequency for a continuous one,
 * the day, and a repository's branch. Nothing is charged until the scan runs. A failed save keeps the
 * choices and shows the API's message.
 */
export default function ScanScheduleDialog({
  isOpen,
  onOpenChange,
  subject,
  schedule,
  branches,
  onSave,
}: ScanScheduleDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      {schedule ? (
        <ScheduleForm
          subject={subject}
          schedule={schedule}
          branches={branches}
          onSave={onSave}
          onClose={() => onOpenChange(false)}
        />
      ) : null}
    </Modal>
  );
}

function ScheduleForm({
  subject,
  schedule,
  branches,
  onSave,
  onClose,
}: Pick<ScanScheduleDialogProps, "subject" | "branches" | "onSave"> & {
  schedule: ScanSchedule;
  onClose: () => void;
}) {
  const [scheduleType, setScheduleType] = useState<ScheduleType>(schedule.schedulle_type ?? "ONE_TIME_SCAN");
  const [frequency, setFrequency] = useState<ScanFrequency | null>(schedule.frequency_type);
  const [day, setDay] = useState<CalendarDate | null>(() => dayOf(schedule.scan_time));
  const [branch, setBranch] = useState<string | null>(schedule.branch ?? branches?.[0] ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [isPending, setPending] = useState(false);
  const minDay = today(getLocalTimeZone()).add({ days: 1 });
  const formId = useId();
  const booked = schedule.scan_time ? new Date(schedule.scan_time) : null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const scanTime = day
      ? new Date(day.year, day.month - 1, day.day, booked?.getHours() ?? FIRST_HOUR, booked?.getMinutes() ?? 0)
      : null;
    const built = buildScheduleRequest({ scheduleType, frequency, scanTime }, new Date());
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSave({ ...built.body, ...(branches && branch ? { branch } : {}) });
      toastQueue.add({ title: "Scan scheduled", tone: "positive" }, { timeout: 5_000 });
      onClose();
    } catch (error) {
      const shown = [
        "schedulle_type",
        "scan_time",
        ...(scheduleType === "AUTOMATIC_SCHEDULLE" ? (["frequency_type"] as const) : []),
        ...(branches ? (["branch"] as const) : []),
      ] as const;
      const mapped = mapApiErrors(error, shown, "The schedule was not saved", { scan_time: "Scan date" });
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      title={`Schedule a scan of ${subject}`}
      actions={
        <>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={isPending} pendingLabel="Saving the schedule">
            Save schedule
          </Button>
        </>
      }
    >
      <Form id={formId} validationBehavior="aria" className={dialogForm} onSubmit={handleSubmit}>
        <p>
          {booked ? `The next scan is booked for ${formatDateTime(schedule.scan_time)}.` : "No scan is booked yet."} It
          is charged when it runs, as Run scan is.
        </p>
        <ScheduleFields
          scheduleType={scheduleType}
          onScheduleTypeChange={setScheduleType}
          frequency={frequency}
          onFrequencyChange={setFrequency}
          day={day}
          onDayChange={setDay}
          minDay={minDay}
          timeNote={booked ? "The scan keeps its time of day." : `The scan runs at 0${FIRST_HOUR}:00, your time.`}
          errors={errors}
        />
        {branches ? (
          <Select
            label="Branch"
            items={branches.map((b) => ({ id: b, label: b }))}
            selectedKey={branch}
            onSelectionChange={(key) => setBranch(key === null ? null : String(key))}
            isRequired
            isInvalid={Boolean(errors.branch)}
            errorMessage={errors.branch}
          />
        ) : null}
        <p role="alert" className={dialogFormError}>
          {errors.form}
        </p>
      </Form>
    </Dialog>
  );
}
