import type { ApiError } from "@sentinel/api-client";
import { useMemo, useState } from "react";

/**
 * Splits an API error for a form: messages for fields the form has go next to them; the rest
 * (and a message-less failure) becomes the form's error, so nothing the API said is dropped.
 */
export function formErrors(error: ApiError | null | undefined, fieldNames: readonly string[]) {
  if (!error) return { fieldErrors: {}, formError: undefined };
  const all = error.fieldErrors();
  const fieldErrors: Record<string, string> = {};
  const leftovers: string[] = [];
  for (const [name, message] of Object.entries(all)) {
    if (fieldNames.includes(name)) fieldErrors[name] = message;
    else leftovers.push(message);
  }
  const formError =
    error.formError() ??
    (leftovers.length > 0 ? leftovers.join(" ") : undefined) ??
    (Object.keys(fieldErrors).length === 0 ? error.message : undefined);
  return { fieldErrors, formError };
}

/**
 * {@link formErrors} for a react-aria `Form`, given the form's current values by field name. A
 * field's server error lasts only while the field still holds the value it was given for: it goes
 * on the first keystroke, not on leaving the field, as react-aria would clear it. It has to go:
 * a field with a server error is invalid to the browser, which refuses to submit the form.
 * `fieldErrors` keeps its identity while the same errors show, because react-aria shows a
 * server error again whenever it receives a new `validationErrors` object.
 */
export function useFormErrors(error: ApiError | null | undefined, values: Readonly<Record<string, string>>) {
  // The values the form held when this error arrived: the ones it answers.
  const [answered, setAnswered] = useState({ error, values });
  let answeredValues = answered.values;
  if (answered.error !== error) {
    setAnswered({ error, values });
    answeredValues = values;
  }
  const names = Object.keys(values).join("\n");
  const split = useMemo(() => formErrors(error, names.split("\n")), [error, names]);
  const standing = Object.keys(split.fieldErrors)
    .filter((name) => values[name] === answeredValues[name])
    .join("\n");
  const fieldErrors = useMemo(() => {
    const names = standing.split("\n");
    return Object.fromEntries(Object.entries(split.fieldErrors).filter(([name]) => names.includes(name)));
  }, [split, standing]);
  return { fieldErrors, formError: split.formError };
}
