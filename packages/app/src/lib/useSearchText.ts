import { useEffect, useRef, useState } from "react";

/** How long typing must pause before the search reaches the URL (and the list asks again). */
export const searchDebounceMs = 300;

/**
 * A search field's text, which runs ahead of the URL while the user types: `onSettled` gets the
 * trimmed text once typing pauses. When the URL's search changes from outside (back/forward, a saved
 * view, "Clear filters"), the field shows it.
 */
export function useSearchText(urlSearch: string, onSettled: (search: string) => void) {
  const [text, setText] = useState(urlSearch);
  const textRef = useRef(text);
  textRef.current = text;
  useEffect(() => {
    if (textRef.current.trim() !== urlSearch) setText(urlSearch);
  }, [urlSearch]);
  useEffect(() => {
    if (text.trim() === urlSearch) return;
    const timer = setTimeout(() => onSettled(text.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, urlSearch, onSettled]);
  return [text, setText] as const;
}
