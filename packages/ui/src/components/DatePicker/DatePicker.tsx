import type { DateValue } from "@internationalized/date";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import {
  DatePicker as AriaDatePicker,
  type DatePickerProps as AriaDatePickerProps,
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  composeRenderProps,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
} from "react-aria-components";
import * as fieldStyles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";
import { FieldPopover } from "../Field/FieldPopover.tsx";
import * as styles from "./DatePicker.css.ts";

export interface DatePickerProps<T extends DateValue = DateValue>
  extends Omit<AriaDatePickerProps<T>, "children">,
    FieldBaseProps {}

/** Two-digit years typed by hand mean this century (the product shows dates as mm/dd/yy). */
function withFullYear<D extends DateValue>(date: D | null): D | null {
  return date && date.year < 100 ? (date.set({ year: date.year + 2000 }) as D) : date;
}

type ChangedValue<T extends DateValue> = Parameters<NonNullable<AriaDatePickerProps<T>["onChange"]>>[0];

/**
 * A date input with a calendar popover. Values are `@internationalized/date` objects
 * (`parseDate("2026-11-21")`, `today(getLocalTimeZone())`).
 *
 * It always shows the product's library format — mm/dd/yy with weeks starting on Sunday — whatever
 * the app's locale, so it wraps itself in an en-US `I18nProvider`. The year segment shows two digits
 * unless it has focus (then all four, so typing is unambiguous); screen readers hear the full year.
 */
export function DatePicker<T extends DateValue = DateValue>({
  label,
  description,
  errorMessage,
  validationBehavior,
  value,
  defaultValue,
  onChange,
  className,
  ...props
}: DatePickerProps<T>) {
  const [uncontrolled, setUncontrolled] = useState<T | null>(defaultValue ?? null);
  const behavior = useValidationBehavior(validationBehavior);
  const current = value !== undefined ? value : uncontrolled;

  function handleChange(next: ChangedValue<T>) {
    const normalized = withFullYear(next);
    // react-aria hands back the same date class it was given, so this is the caller's T.
    if (value === undefined) setUncontrolled(normalized as T | null);
    onChange?.(normalized);
  }

  return (
    <I18nProvider locale="en-US">
      <AriaDatePicker
        shouldForceLeadingZeros
        {...props}
        value={current}
        onChange={handleChange}
        validationBehavior={behavior}
        className={composeRenderProps(className, (prev) => cx(fieldStyles.field, prev))}
      >
        {({ isDisabled, isInvalid }) => (
          <>
            {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
            <Group isDisabled={isDisabled} isInvalid={isInvalid} className={fieldStyles.control({ group: true })}>
              <DateInput className={styles.dateInput}>
                {(segment) => (
                  <DateSegment segment={segment} className={styles.segment}>
                    {({ isFocused }) => (segment.type === "year" && !isFocused ? segment.text.slice(-2) : segment.text)}
                  </DateSegment>
                )}
              </DateInput>
              <Button className={fieldStyles.fieldButton}>
                <CalendarDays className={fieldStyles.fieldIcon} aria-hidden="true" />
              </Button>
            </Group>
            <FieldHelp description={description} errorMessage={errorMessage} />
            <FieldPopover placement="bottom start">
              <Dialog className={styles.dialog}>
                <Calendar firstDayOfWeek="sun" className={styles.calendar}>
                  <header className={styles.header}>
                    <Button slot="previous" className={fieldStyles.fieldButton}>
                      <ChevronLeft className={fieldStyles.fieldIcon} aria-hidden="true" />
                    </Button>
                    <Heading className={styles.heading} />
                    <Button slot="next" className={fieldStyles.fieldButton}>
                      <ChevronRight className={fieldStyles.fieldIcon} aria-hidden="true" />
                    </Button>
                  </header>
                  <CalendarGrid className={styles.grid}>
                    <CalendarGridHeader>
                      {(day) => <CalendarHeaderCell className={styles.weekday}>{day}</CalendarHeaderCell>}
                    </CalendarGridHeader>
                    <CalendarGridBody>
                      {(date) => <CalendarCell date={date} className={styles.cell} />}
                    </CalendarGridBody>
                  </CalendarGrid>
                </Calendar>
              </Dialog>
            </FieldPopover>
          </>
        )}
      </AriaDatePicker>
    </I18nProvider>
  );
}
