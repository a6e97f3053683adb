import type { CalendarDate } from "@internationalized/date";
import type { ScanFrequency, ScheduleType } from "@sentinel/api-client";
import { DatePicker, Radio, RadioGroup, Select } from "@sentinel/ui";
import {
  frequencies,
  frequencyLabels,
  type ScheduleErrors,
  scheduleTypeDescriptions,
  scheduleTypeLabels,
  scheduleTypes,
} from "./schedule.ts";

function isScheduleType(value: unknown): value is ScheduleType {
  return typeof value === "string" && (scheduleTypes as readonly string[]).includes(value);
}

function isFrequency(value: unknown): value is ScanFrequency {
  return typeof value === "string" && (frequencies as readonly string[]).includes(value);
}

export interface ScheduleFieldsProps {
  scheduleType: ScheduleType;
  onScheduleTypeChange: (value: ScheduleType) => void;
  frequency: ScanFrequency | null;
  onFrequencyChange: (value: ScanFrequency | null) => void;
  day: CalendarDate | null;
  onDayChange: (value: CalendarDate | null) => void;
  /** The first day that may be chosen. */
  minDay: CalendarDate;
  /** What time of day the scan runs, under the date. */
  timeNote: string;
  errors: ScheduleErrors;
}

/** A scan's schedule: its type, a frequency for a continuous scan, and the day. */
export function ScheduleFields({
  scheduleType,
  onScheduleTypeChange,
  frequency,
  onFrequencyChange,
  day,
  onDayChange,
  minDay,
  timeNote,
  errors,
}: ScheduleFieldsProps) {
  return (
    <>
      <RadioGroup
        label="Schedule type"
        value={scheduleType}
        onChange={(value) => {
          if (isScheduleType(value)) onScheduleTypeChange(value);
        }}
        isInvalid={Boolean(errors.schedulle_type)}
        errorMessage={errors.schedulle_type}
      >
        {scheduleTypes.map((value) => (
          <Radio key={value} value={value} description={scheduleTypeDescriptions[value]}>
            {scheduleTypeLabels[value]}
          </Radio>
        ))}
      </RadioGroup>
      {scheduleType === "AUTOMATIC_SCHEDULLE" ? (
        <Select
          label="Frequency"
          placeholder="Choose a frequency"
          items={frequencies.map((value) => ({ id: value, label: frequencyLabels[value] }))}
          selectedKey={frequency}
          onSelectionChange={(key) => onFrequencyChange(isFrequency(key) ? key : null)}
          isRequired
          isInvalid={Boolean(errors.frequency_type)}
          errorMessage={errors.frequency_type}
        />
      ) : null}
      <DatePicker
        label={scheduleType === "AUTOMATIC_SCHEDULLE" ? "First scan on" : "Scan on"}
        value={day}
        onChange={onDayChange}
        minValue={minDay}
        isRequired
        isInvalid={Boolean(errors.scan_time)}
        errorMessage={errors.scan_time}
        description={timeNote}
      />
    </>
  );
}
