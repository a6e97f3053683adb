import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

const headingSelector = "main h1";
/** How long to wait for a lazily loaded page (or the shell itself) to render its heading. */
const waitForHeadingMs = 5000;

/**
 * After a client-side navigation, focus goes to the new page's h1 (each has tabIndex -1), so
 * screen-reader and keyboard users start at the content instead of the link they pressed.
 * The first render is left alone: the browser already starts at the top of a fresh page.
 *
 * The heading may arrive later than the route change (the shell is a lazy chunk after sign-in),
 * so a mutation observer waits for it, but gives up as soon as the user has put focus elsewhere.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>(headingSelector);
      heading?.focus();
      return heading !== null;
    };
    if (focusHeading()) return;
    const focusedAtNavigation = document.activeElement;
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      const userMovedFocus = active !== focusedAtNavigation && active !== document.body && active !== null;
      if (userMovedFocus || focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), waitForHeadingMs);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}
