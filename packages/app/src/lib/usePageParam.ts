import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The page of a second table on a screen (`?findings_page=3`), next to the main list's `page` from
 * `useListParams`. Page 1 is dropped from the URL; a page change pushes a history entry.
 */
export function usePageParam(name: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(name);
  const page = raw && /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const setPage = useCallback(
    (next: number) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next > 1) params.set(name, String(next));
        else params.delete(name);
        return params;
      }),
    [name, setSearchParams],
  );
  return [page, setPage] as const;
}
