import { isApiError } from "@sentinel/api-client";

/**
 * One mapping from a failed write to what a form shows, so no form drops what the API said. A
 * Django REST 400 names fields (`{"attachments": ["The submitted file is empty."]}`): a message for
 * a field the form has goes next to that field; a message for any other field goes into the form's
 * message with the field's name in front (alone, "This field is required." would say nothing),
 * after the API's message for the whole request (`detail`, `non_field_errors`).
 */

/** Field names the API sends that read better under another name. */
export type FieldLabels = Readonly<Record<string, string>>;

/** `topup_amount` → "Topup amount". */
export function fieldLabel(name: string, labels: FieldLabels = {}): string {
  const label = labels[name];
  if (label) return label;
  const words = name.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/**
 * Why the call failed, in the API's words where it sent any: its message for the whole request,
 * then the messages of fields not in `shownFields`, each after its field's name. `undefined` when
 * the API said nothing beyond the shown fields' messages; a failure without any message (network,
 * time-out, a bare status) is described.
 */
export function apiErrorText(
  error: unknown,
  shownFields: readonly string[] = [],
  labels: FieldLabels = {},
): string | undefined {
  if (!isApiError(error)) return undefined;
  const byField = error.fieldErrors();
  const parts: string[] = [];
  const whole = error.formError();
  if (whole) parts.push(whole);
  for (const [name, message] of Object.entries(byField)) {
    if (!shownFields.includes(name)) parts.push(`${fieldLabel(name, labels)}: ${message}`);
  }
  if (parts.length > 0) return parts.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(" ");
  if (shownFields.some((name) => name in byField)) return undefined;
  return error.message;
}

export interface MappedErrors<F extends string> {
  /** Messages for the form's own fields, by the API's field name. */
  fields: Partial<Record<F, string>>;
  /** The form's message (`failed: reason`), or `undefined` when the field messages say it all. */
  form: string | undefined;
}

/**
 * Splits a failed write for a form with inputs for `fields` (named as the API names them).
 * `failed` says what did not happen ("The ticket wasn't created"); the form message is
 * `failed: reason`, or `failed. Try again.` for an error that is not the API's.
 */
export function mapApiErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  failed: string,
  labels: FieldLabels = {},
): MappedErrors<F> {
  if (!isApiError(error)) return { fields: {}, form: `${failed}. Try again.` };
  const byField = error.fieldErrors();
  const mine: Partial<Record<F, string>> = {};
  for (const name of fields) {
    const message = byField[name];
    if (message !== undefined) mine[name] = message;
  }
  const reason = apiErrorText(error, fields, labels);
  return { fields: mine, form: reason === undefined ? undefined : `${failed}: ${reason}` };
}
