import { isApiError } from "@sentinel/api-client";

/**
 * Splits a failed write into per-field messages (for the named fields) and one message for the
 * form. Field errors the form has no input for are folded into the form message, so none is lost.
 */
export function splitErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  action: string,
): { fields: Partial<Record<F, string>>; form: string } {
  if (!isApiError(error)) return { fields: {}, form: `${action} failed. Try again.` };
  const byField = error.fieldErrors();
  const mine: Partial<Record<F, string>> = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(byField)) {
    if ((fields as readonly string[]).includes(key)) mine[key as F] = message;
    else if (key !== "code") others.push(message);
  }
  const formMessage = error.formError() ?? others[0];
  const form = formMessage
    ? `${action} failed: ${formMessage}`
    : Object.keys(mine).length
      ? ""
      : `${action} failed: ${error.isNetworkError ? "the server could not be reached." : error.message}`;
  return { fields: mine, form };
}
