import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** The search param that holds the open finding, so a drawer survives reload, back and shared links. */
export const findingParam = "finding";

/**
 * The finding open in a drawer (`?finding=123`) and how to open or close it. Opening pushes a
 * history entry, so Back closes the drawer; closing replaces it, so Forward does not reopen it.
 */
export function useFindingParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(findingParam);
  const findingId = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const open = useCallback(
    (id: number) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set(findingParam, String(id));
        return next;
      }),
    [setSearchParams],
  );
  const close = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(findingParam);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { findingId, open, close } as const;
}
