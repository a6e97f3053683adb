import { Button, Checkbox, Inline, NumberField, Select, Switch, TextArea, TextField } from "@sentinel/ui";
import { CircleAlert } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { mapApiErrors } from "../../lib/formErrors.ts";
import * as styles from "./patterns.css.ts";

/** The form's values, under the names the API would give its fields. */
export interface ScanRequestValues {
  name: string;
  url: string;
  frequency: "WEEKLY" | "MONTHLY" | "QUARTERLY" | "";
  max_endpoints: number;
  notes: string;
  authorised: boolean;
  notify: boolean;
}

type Field = keyof ScanRequestValues;
// The order the fields are shown in: focus goes to the first one with a problem.
const fieldOrder: readonly Field[] = ["name", "url", "frequency", "max_endpoints", "notes", "authorised", "notify"];

export const emptyScanRequest: ScanRequestValues = {
  name: "",
  url: "",
  frequency: "",
  max_endpoints: 10,
  notes: "",
  authorised: false,
  notify: true,
};

const frequencies = [
  { id: "WEEKLY", label: "Weekly" },
  { id: "MONTHLY", label: "Monthly" },
  { id: "QUARTERLY", label: "Quarterly" },
];

/** The form's own checks, made when it is sent: one specific message per field that cannot be sent. */
function check(values: ScanRequestValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = "Enter a name for the application.";
  const url = values.url.trim();
  if (!url) errors.url = "Enter the address to scan.";
  else if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(url))
    errors.url = "Enter a full web address starting with https:// or http://, such as https://shop.example.com.";
  if (!values.frequency) errors.frequency = "Choose how often to scan.";
  if (!Number.isFinite(values.max_endpoints)) errors.max_endpoints = "Enter how many endpoints to scan, from 1 to 50.";
  if (!values.authorised) errors.authorised = "Confirm that you may test this address; we scan only with permission.";
  return errors;
}

export interface PatternFormProps {
  /** Sends the values; rejects with the API's error when the server refuses them. */
  onSubmit: (values: ScanRequestValues) => Promise<void>;
  /** What the form starts with (a story can start it filled in). */
  defaultValues?: ScanRequestValues;
}

/**
 * The app's form pattern: labelled kit fields, required marks, the form's own checks when it is sent
 * (focus to the first field to fix), the API's field errors beside their fields and its other errors
 * above the button, a pending button that sends once, and nothing typed lost when a send fails.
 */
export function PatternForm({ onSubmit, defaultValues = emptyScanRequest }: PatternFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState("");
  const [saved, setSaved] = useState("");
  const [isPending, setPending] = useState(false);
  // A send in flight; a ref, because a double click arrives before React renders the pending state.
  const inFlight = useRef(false);
  // Bumped on every refused send, so focus moves again even when the same errors come back.
  const [refusals, setRefusals] = useState(0);

  const set = <F extends Field>(field: F, value: ScanRequestValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message answers the value it was given for; changing the value takes it away.
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });
    setSaved("");
  };

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const found = check(values);
    setErrors(found);
    setFormError("");
    setSaved("");
    if (Object.keys(found).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    inFlight.current = true;
    setPending(true);
    try {
      await onSubmit({ ...values, name: values.name.trim(), url: values.url.trim(), notes: values.notes.trim() });
      setSaved(`${values.name.trim()} is added; its first scan is queued.`);
    } catch (error) {
      const split = mapApiErrors(error, fieldOrder, "The application wasn't added", { url: "Address" });
      setErrors(split.fields);
      setFormError(split.form ?? "");
      if (Object.keys(split.fields).length > 0) setRefusals((n) => n + 1);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  const invalid = (field: Field) => ({ isInvalid: Boolean(errors[field]), errorMessage: errors[field] });

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Add a web application">
      {/* Said once before the fields, so the mark on each label needs no explanation of its own. */}
      <p className={styles.formHint}>Fields marked * are required.</p>
      <TextField
        label="Name"
        name="name"
        isRequired
        value={values.name}
        onChange={(v) => set("name", v)}
        {...invalid("name")}
      />
      <TextField
        label="Address"
        name="url"
        type="url"
        isRequired
        description="The start page the scanner crawls from."
        value={values.url}
        onChange={(v) => set("url", v)}
        {...invalid("url")}
      />
      <Select
        label="Scan frequency"
        name="frequency"
        isRequired
        placeholder="Choose a frequency"
        items={frequencies}
        value={values.frequency || null}
        onChange={(key) => set("frequency", (key ?? "") as ScanRequestValues["frequency"])}
        {...invalid("frequency")}
      />
      <NumberField
        label="Endpoints to scan"
        name="max_endpoints"
        minValue={1}
        maxValue={50}
        description="Each endpoint costs 10 credits per scan."
        value={values.max_endpoints}
        onChange={(v) => set("max_endpoints", v)}
        {...invalid("max_endpoints")}
      />
      <TextArea
        label="Notes for the analysts"
        name="notes"
        rows={3}
        value={values.notes}
        onChange={(v) => set("notes", v)}
        {...invalid("notes")}
      />
      <Checkbox
        name="authorised"
        isRequired
        isSelected={values.authorised}
        onChange={(v) => set("authorised", v)}
        {...invalid("authorised")}
      >
        I am authorised to test this address
      </Checkbox>
      <Switch name="notify" isSelected={values.notify} onChange={(v) => set("notify", v)}>
        E-mail me when each scan finishes
      </Switch>
      {/* Always in the document, so a message that appears in it is announced. */}
      <div role="alert">
        {formError ? (
          <p className={styles.formError}>
            <CircleAlert className={styles.formErrorIcon} aria-hidden="true" />
            <span>{formError}</span>
          </p>
        ) : null}
      </div>
      <div role="status">{saved ? <p className={styles.formSuccess}>{saved}</p> : null}</div>
      <Inline space="small" align="end">
        <Button type="submit" variant="solid" isPending={isPending} pendingLabel="Adding the application">
          Add application
        </Button>
      </Inline>
    </form>
  );
}
