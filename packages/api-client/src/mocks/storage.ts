let persistence = false;

/** Browser storage for static mode's state, or null where state lives in memory only (node, Storybook). */
export function storage(): Storage | null {
  if (!persistence || typeof window === "undefined") return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function setPersistence(enabled: boolean): void {
  persistence = enabled;
}

/** Reads a value the app may set in localStorage even when persistence is off (e.g. the token lifetime). */
export function readLocal(key: string): string | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The tab's sessionStorage, or null where the browser blocks it. */
export function sessionStorageOrNull(): Storage | null {
  if (typeof window === "undefined") return null;
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
