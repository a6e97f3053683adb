import { CalendarDate } from "@internationalized/date";
import type { ScanFrequency, ScheduleType, UpdateScheduleRequest } from "@sentinel/api-client";
import { Button, Checkbox, CheckboxGroup, Dialog, ErrorState, Skeleton, UntrustedText } from "@sentinel/ui";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Form } from "react-aria-components";
import { loadErrorMessage } from "../../lib/apiErrorMessage.ts";
import { mapApiErrors } from "../../lib/formErrors.ts";
import { useNow } from "../../lib/NowContext.tsx";
import * as styles from "./newTarget.css.ts";
import { ScheduleFields } from "./ScheduleFields.tsx";
import { buildScheduleRequest, type ScheduleErrors } from "./schedule.ts";

/** New targets scan at 09:00 in the user's zone: a working-hours start a team can watch. */
const START_HOUR = 9;

type Errors = ScheduleErrors & { assets?: string; form?: string };

/** One asset the form offers, as the user reads it (attacker-controlled text: shown as text). */
export interface NewTargetChoice {
  id: number;
  label: string;
}

export interface NewTargetFormProps {
  /** The dialog's title. */
  title: string;
  /** The submit button's label, and what it says while the request is on its way. */
  submitLabel: string;
  pendingLabel: string;
  /** The assets that may become targets; `items` undefined while they load. */
  choices: {
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
    items: readonly NewTargetChoice[] | undefined;
  };
  /** What failed to load, in "We couldn't load …" ("your domains"). */
  choicesNoun: string;
  /** What the form says when there is nothing to offer, and where to add some. */
  noChoices: ReactNode;
  /** The checkbox group's label (also the API field `assets` is reported under) and description. */
  choicesLabel: string;
  choicesDescription: string;
  /** Said when the user chose nothing ("Choose at least one domain."). */
  nothingChosen: string;
  /** The form-level message of a refused save ("The configuration was not created"). */
  failure: string;
  /** When the first scan starts and what it costs, under the date. */
  timeNote: string;
  /** Creates the targets; the form closes once it resolves and keeps the choices when it throws. */
  onSave: (body: UpdateScheduleRequest & { assets: number[] }) => Promise<unknown>;
  isSaving: boolean;
  onClose: () => void;
}

/**
 * New targets of a scanning area (network configurations, exposure detection configurations, web
 * applications): the assets to scan and when their first scan is. A failed save keeps the choices and
 * shows the API's words.
 */
export function NewTargetForm(props: NewTargetFormProps) {
  const { choices, onClose } = props;
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
    const assetError = chosen.length === 0 ? props.nothingChosen : undefined;
    if (!built.ok || assetError) {
      setErrors({ ...(built.ok ? {} : built.errors), ...(assetError ? { assets: assetError } : {}) });
      return;
    }
    setErrors({});
    try {
      await props.onSave({ ...built.body, assets: chosen.map(Number) });
      onClose();
    } catch (error) {
      const shown =
        scheduleType === "AUTOMATIC_SCHEDULLE"
          ? (["assets", "schedulle_type", "frequency_type", "scan_time"] as const)
          : (["assets", "schedulle_type", "scan_time"] as const);
      const mapped = mapApiErrors(error, shown, props.failure, {
        assets: props.choicesLabel,
        scan_time: "Scan date",
      });
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    }
  }

  return (
    <Dialog
      title={props.title}
      actions={
        <>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={props.isSaving} pendingLabel={props.pendingLabel}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <Form id={formId} validationBehavior="aria" className={styles.form} onSubmit={handleSubmit}>
        {choices.isPending ? (
          <Skeleton />
        ) : choices.error ? (
          <ErrorState message={loadErrorMessage(choices.error, props.choicesNoun)} onRetry={() => choices.refetch()} />
        ) : !choices.items?.length ? (
          <p className={styles.muted}>{props.noChoices}</p>
        ) : (
          <CheckboxGroup
            label={props.choicesLabel}
            description={props.choicesDescription}
            value={chosen}
            onChange={(next) => {
              setChosen(next);
              setErrors(({ assets: _, ...rest }) => rest);
            }}
            isRequired
            isInvalid={Boolean(errors.assets)}
            errorMessage={errors.assets}
          >
            {choices.items.map((choice) => (
              <Checkbox key={choice.id} value={String(choice.id)}>
                <UntrustedText>{choice.label}</UntrustedText>
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
          timeNote={props.timeNote}
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
