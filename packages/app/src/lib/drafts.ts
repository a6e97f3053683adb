import type { SendKey } from "./sendKey.ts";

/**
 * Unsent drafts (a ticket reply, a new ticket), kept in the tab's sessionStorage while they are
 * written. When the session expires, the forced sign-in is a full page load that would lose
 * everything in memory; the form reads its draft back after the user signs in again.
 *
 * - A draft belongs to the user who wrote it: another user signing in on the same tab never sees
 *   it (it is deleted on sight), and Log Out deletes every draft.
 * - Files cannot be stored; a restored draft lists their names so the user can attach them again.
 * - The draft's send key is kept with it, so a send whose answer was lost just before the session
 *   ended is still answered once after the sign-in.
 * - Storage that throws (privacy mode, quota) only means drafts are not kept.
 */

export const draftsStorageKey = "sentinel.drafts";

/** Drafts older than this are not restored: the work has moved on. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface SavedDraft<F> {
  /** Id of the user who wrote it. */
  user: number;
  fields: F;
  /** Names of the files that were attached (the files themselves are not kept). */
  fileNames: string[];
  sendKey: SendKey | null;
  savedAt: number;
}

export interface DraftStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface DraftStore {
  /** The draft `id` of `user`, if it passes `parse`; a draft of anyone else is deleted. */
  load<F>(id: string, user: number, parse: (fields: unknown) => F | null): SavedDraft<F> | null;
  save<F>(id: string, draft: SavedDraft<F>): void;
  discard(id: string): void;
  /** Log Out: nothing written stays behind for the next person at this browser. */
  discardAll(): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseSendKey(value: unknown): SendKey | null {
  return isRecord(value) && typeof value.signature === "string" && typeof value.key === "string"
    ? { signature: value.signature, key: value.key }
    : null;
}

export function createDraftStore(storage: DraftStorageLike | null, now: () => number = Date.now): DraftStore {
  function readAll(): Record<string, unknown> {
    try {
      const raw = storage?.getItem(draftsStorageKey);
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      return isRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  function writeAll(all: Record<string, unknown>) {
    try {
      if (Object.keys(all).length === 0) storage?.removeItem(draftsStorageKey);
      else storage?.setItem(draftsStorageKey, JSON.stringify(all));
    } catch {
      // Blocked or full storage: the draft lives only as long as the page.
    }
  }

  return {
    load(id, user, parse) {
      const all = readAll();
      const entry = all[id];
      if (entry === undefined) return null;
      const fields = isRecord(entry) ? parse(entry.fields) : null;
      const valid =
        isRecord(entry) &&
        typeof entry.user === "number" &&
        typeof entry.savedAt === "number" &&
        Array.isArray(entry.fileNames) &&
        fields !== null;
      if (!valid || entry.user !== user || now() - (entry.savedAt as number) > MAX_AGE_MS) {
        delete all[id];
        writeAll(all);
        return null;
      }
      return {
        user,
        fields,
        fileNames: (entry.fileNames as unknown[]).filter((n): n is string => typeof n === "string"),
        sendKey: parseSendKey(entry.sendKey),
        savedAt: entry.savedAt as number,
      };
    },
    save(id, draft) {
      writeAll({ ...readAll(), [id]: draft });
    },
    discard(id) {
      const all = readAll();
      if (!(id in all)) return;
      delete all[id];
      writeAll(all);
    },
    discardAll() {
      writeAll({});
    },
  };
}

function tabStorage(): DraftStorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The app's drafts, in this tab's sessionStorage (it survives the sign-in's page load, not the tab). */
export const draftStore: DraftStore = createDraftStore(tabStorage());
