import { useEffect, useLayoutEffect, useRef, useState } from "react";

/**
 * A text input's draft that reports to `onCommit` after `delay` ms without typing, or at once on
 * `commit()`. When `value` changes from outside (back/forward restoring the URL), the draft follows
 * it, but an echo of what we just reported does not clobber what the user kept typing meanwhile.
 */
export function useDebouncedValue(
  value: string,
  onCommit: ((value: string) => void) | undefined,
  delay: number,
): { draft: string; setDraft: (value: string) => void; commit: (value?: string) => void } {
  const [draft, setDraft] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const [lastCommitted, setLastCommitted] = useState(value);
  const onCommitRef = useRef(onCommit);
  useLayoutEffect(() => {
    onCommitRef.current = onCommit;
  });

  if (value !== seenValue) {
    setSeenValue(value);
    // A caller that stores the text trimmed echoes "no " back as "no"; taking that as an outside
    // change would delete the space (and anything typed since) under the user's cursor.
    if (value !== lastCommitted && value !== lastCommitted.trim()) {
      setDraft(value);
      setLastCommitted(value);
    }
  }

  useEffect(() => {
    if (draft === lastCommitted) return;
    const timer = setTimeout(() => {
      setLastCommitted(draft);
      onCommitRef.current?.(draft);
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, lastCommitted, delay]);

  const commit = (next: string = draft) => {
    setDraft(next);
    if (next === lastCommitted) return;
    setLastCommitted(next);
    onCommitRef.current?.(next);
  };

  return { draft, setDraft, commit };
}
