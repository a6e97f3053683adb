/**
 * Named views of /findings: a name and the view's canonical query string, kept in localStorage per
 * user (the key holds the user id, so a shared browser never shows one user's views to another).
 * Storage that throws (site data blocked, quota) or holds garbage only means no views are kept:
 * every read and write here is guarded, and entries that do not parse are dropped.
 */

export interface SavedView {
  readonly name: string;
  /** The view's canonical search string, without "?" (see `findingsSearchParams`). */
  readonly query: string;
}

export interface SavedViewStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const savedViewNameMaxLength = 60;
/** A bound on what one user keeps, so a runaway loop cannot fill the origin's storage. */
export const savedViewsMax = 50;

export function savedViewsKey(userId: number): string {
  return `sentinel.findings.views.${userId}`;
}

function isSavedView(value: unknown): value is SavedView {
  if (typeof value !== "object" || value === null) return false;
  const { name, query } = value as Record<string, unknown>;
  return (
    typeof name === "string" &&
    name.trim() !== "" &&
    name.length <= savedViewNameMaxLength &&
    typeof query === "string" &&
    query.length <= 4000
  );
}

/** The user's saved views, in the order saved; [] when storage is blocked, empty or corrupt. */
export function loadSavedViews(storage: SavedViewStorage | null, userId: number): SavedView[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(savedViewsKey(userId)) ?? null;
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    return parsed.filter(isSavedView).filter((view) => {
      const key = normalisedName(view.name);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  } catch {
    return [];
  }
}

/** Writes the views; false when storage refused (the caller keeps them in memory for this visit). */
export function storeSavedViews(
  storage: SavedViewStorage | null,
  userId: number,
  views: readonly SavedView[],
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(savedViewsKey(userId), JSON.stringify(views.slice(0, savedViewsMax)));
    return true;
  } catch {
    return false;
  }
}

const normalisedName = (name: string) => name.trim().toLocaleLowerCase();

/** Why a name cannot be saved, or null when it can: required, at most 60 characters, unique (ignoring case). */
export function savedViewNameError(name: string, views: readonly SavedView[]): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return "Enter a name for this view.";
  if (trimmed.length > savedViewNameMaxLength) {
    return `Use at most ${savedViewNameMaxLength} characters.`;
  }
  if (views.some((view) => normalisedName(view.name) === normalisedName(trimmed))) {
    return "A view with this name already exists.";
  }
  return null;
}

export function withSavedView(views: readonly SavedView[], view: SavedView): SavedView[] {
  return [...views, { name: view.name.trim(), query: view.query }].slice(-savedViewsMax);
}

export function withoutSavedView(views: readonly SavedView[], name: string): SavedView[] {
  return views.filter((view) => view.name !== name);
}

/** The browser's localStorage, or null where merely touching it throws. */
export function browserStorage(): SavedViewStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
