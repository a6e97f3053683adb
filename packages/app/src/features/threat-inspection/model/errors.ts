import { isApiError } from "@sentinel/api-client";
import { apiErrorText } from "../../../lib/formErrors.ts";

/**
 * The message of a failed call for a step with no field of its own to show it at: the API's
 * message for the whole request and every field message, named (lib/formErrors.ts), else a
 * description of the failure (network, status).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return (isApiError(error) ? apiErrorText(error) : undefined) ?? fallback;
}

/** Field messages of a failed call (`{ name: "…" }`); empty for anything but a 400 with fields. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fieldErrors() : {};
}
