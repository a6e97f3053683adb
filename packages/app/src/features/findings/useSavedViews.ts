import { useCallback, useEffect, useMemo, useState } from "react";
import {
  browserStorage,
  loadSavedViews,
  type SavedView,
  storeSavedViews,
  withoutSavedView,
  withSavedView,
} from "./savedViews.ts";

/**
 * The signed-in user's saved views. Where storage is blocked they still work for this visit
 * (held in memory), and are simply not there after a reload.
 */
export function useSavedViews(userId: number | null) {
  const storage = useMemo(browserStorage, []);
  const [views, setViews] = useState<SavedView[]>(() => (userId === null ? [] : loadSavedViews(storage, userId)));
  useEffect(() => {
    setViews(userId === null ? [] : loadSavedViews(storage, userId));
  }, [storage, userId]);
  const update = useCallback(
    (change: (views: SavedView[]) => SavedView[]) =>
      setViews((current) => {
        const next = change(current);
        if (userId !== null) storeSavedViews(storage, userId, next);
        return next;
      }),
    [storage, userId],
  );
  return {
    views,
    save: useCallback((view: SavedView) => update((current) => withSavedView(current, view)), [update]),
    remove: useCallback((name: string) => update((current) => withoutSavedView(current, name)), [update]),
  };
}
