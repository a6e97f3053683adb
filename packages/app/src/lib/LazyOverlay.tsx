import { type ReactNode, Suspense, useState } from "react";

/**
 * Renders a lazily loaded dialog or drawer (`children`) from the first time it opens, so its code
 * loads on first use: a page draws without it. Once opened it stays mounted, so it closes with its
 * exit animation and returns focus as a static one does. It shows when its code arrives.
 */
export function LazyOverlay({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
