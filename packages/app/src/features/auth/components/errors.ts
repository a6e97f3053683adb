import type { ApiError } from "@sentinel/api-client";

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
