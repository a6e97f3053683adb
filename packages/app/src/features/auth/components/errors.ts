import type { ApiError } from "@sentinel/api-client";
import { useEffect, useMemo, useState } from "react";

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

type FieldValues = Readonly<Record<string, string>>;
/** A form's own checks: a message for each field whose value cannot be sent. */
export type FormChecks<V extends FieldValues> = (values: V) => Partial<Record<keyof V, string>>;

interface Answer<V> {
  errors: Record<string, string>;
  /** The values the errors were given for: a field's error stands while it holds its value. */
  values: V;
}

const noErrors: Record<string, string> = {};

/** The errors whose field still holds the value they were given for. */
function standing<V extends FieldValues>(answer: Answer<V>, values: V): string[] {
  return Object.keys(answer.errors).filter((name) => values[name] === answer.values[name]);
}

/**
 * Field errors for an auth form: the form's own checks, made when it is sent, and the API's
 * answer. A field's error lasts only while the field holds the value it was given for, so it goes
 * on the first keystroke. Nothing is checked when a field is left: a message appearing then
 * moves what is below it, and the click that left the field (on a link or a button) would land
 * beside its target. Use with `validationBehavior="aria"` on the form.
 *
 * `fieldErrors` keeps its identity while the same errors show, because react-aria shows server
 * errors again whenever it receives a new `validationErrors` object.
 */
export function useFormErrors<V extends FieldValues>(
  error: ApiError | null | undefined,
  values: V,
  checks: FormChecks<V>,
) {
  const names = Object.keys(values).join("\n");
  const split = useMemo(() => formErrors(error, names.split("\n")), [error, names]);
  // The API's errors answer the values the form held when they arrived.
  const [server, setServer] = useState<Answer<V> & { from: typeof split }>(() => ({
    errors: split.fieldErrors,
    values,
    from: split,
  }));
  let serverAnswer = server;
  if (server.from !== split) {
    serverAnswer = { errors: split.fieldErrors, values, from: split };
    setServer(serverAnswer);
  }
  const [own, setOwn] = useState<Answer<V> & { form?: HTMLFormElement }>({ errors: noErrors, values });

  // Which error each field shows, as "name:source" lines: the form's own check first, since it
  // is the newer word on a field. A key, so the object below changes only when this does.
  const ownStanding = standing(own, values);
  const showing = [
    ...ownStanding.map((name) => `${name}:own`),
    ...standing(serverAnswer, values)
      .filter((name) => !ownStanding.includes(name))
      .map((name) => `${name}:server`),
  ].join("\n");
  const fieldErrors = useMemo(() => {
    const errors: Record<string, string> = {};
    for (const line of showing.split("\n").filter(Boolean)) {
      const [name = "", source] = line.split(":");
      errors[name] = (source === "own" ? own.errors[name] : serverAnswer.errors[name]) ?? "";
    }
    return errors;
  }, [showing, own.errors, serverAnswer.errors]);

  // After a refused send, focus goes to the first field to fix, as the browser's own check does.
  useEffect(() => {
    const first = Object.keys(own.values).find((name) => own.errors[name]);
    const field = first ? own.form?.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }, [own]);

  /** Runs the checks on submit; false (with the messages on show) when the form must not be sent. */
  const check = (form?: HTMLFormElement): boolean => {
    const errors: Record<string, string> = {};
    for (const [name, message] of Object.entries(checks(values))) if (message) errors[name] = message as string;
    setOwn({ errors, values, form });
    return Object.keys(errors).length === 0;
  };

  return { fieldErrors, formError: split.formError, check };
}
