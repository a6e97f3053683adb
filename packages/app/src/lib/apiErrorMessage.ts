import { isApiError } from "@sentinel/api-client";

/**
 * What a screen says when a load fails: the API's own words when it sent any, otherwise a
 * sentence per kind of failure. `what` names the thing ("the scans").
 */
export function loadErrorMessage(error: unknown, what: string): string {
  if (isApiError(error)) {
    if (error.status === 404) return `We couldn't find ${what}. It may have been removed, or you may not have access.`;
    if (error.status === 403) return `You don't have access to ${what}.`;
    if (error.isNetworkError) return `We couldn't reach the server to load ${what}. Check your connection and retry.`;
    return `We couldn't load ${what}: ${error.message}`;
  }
  return `We couldn't load ${what}.`;
}
