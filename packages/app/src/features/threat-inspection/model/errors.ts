import { isApiError } from "@sentinel/api-client";

/**
 * The most specific message of a failed call: the API's message for the whole request, else its
 * first field message, else a description of the failure (network, status).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    return error.formError() ?? Object.values(error.fieldErrors())[0] ?? error.message;
  }
  return fallback;
}

/** Field messages of a failed call (`{ name: "…" }`); empty for anything but a 400 with fields. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fieldErrors() : {};
}
