import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { type DraftStore, draftStore, type SavedDraft } from "./drafts.ts";
import { useSession } from "./SessionContext.tsx";
import type { SendKey } from "./sendKey.ts";

const DraftStoreContext = createContext<DraftStore>(draftStore);

/** Stories pass an in-memory store, so one story's draft never shows up in the next. */
export function DraftStoreProvider({ store, children }: { store: DraftStore; children: ReactNode }) {
  return <DraftStoreContext.Provider value={store}>{children}</DraftStoreContext.Provider>;
}

export function useDraftStore(): DraftStore {
  return useContext(DraftStoreContext);
}

export interface DraftHandle<F> {
  /** Call from the form's change handlers with the new content (an empty form discards). */
  save(fields: F, files: readonly File[], sendKey: SendKey | null, isEmpty: boolean): void;
  discard(): void;
}

/**
 * A form's draft kept across page loads (lib/drafts.ts). `onRestore` runs once the signed-in user
 * is known, with their saved draft of `id`, if there is one. Saving happens in the form's change
 * handlers, never on render, so an empty form that mounts cannot overwrite a draft before it is read.
 */
export function useDraft<F>(
  id: string,
  parse: (fields: unknown) => F | null,
  onRestore: (draft: SavedDraft<F>) => void,
): DraftHandle<F> {
  const store = useDraftStore();
  const userId = useSession().user?.id ?? null;
  const restoredFor = useRef<string | null>(null);
  const latest = useRef({ parse, onRestore });
  latest.current = { parse, onRestore };

  useEffect(() => {
    const slot = userId === null ? null : `${userId} ${id}`;
    if (userId === null || restoredFor.current === slot) return;
    restoredFor.current = slot;
    const draft = store.load(id, userId, latest.current.parse);
    if (draft) latest.current.onRestore(draft);
  }, [store, id, userId]);

  return {
    save(fields, files, sendKey, isEmpty) {
      if (isEmpty) store.discard(id);
      else if (userId !== null) {
        store.save(id, { user: userId, fields, fileNames: files.map((f) => f.name), sendKey, savedAt: Date.now() });
      }
    },
    discard() {
      store.discard(id);
    },
  };
}
