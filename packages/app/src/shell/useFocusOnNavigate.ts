import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation, focus goes to the new page's h1 (each has tabIndex -1), so
 * screen-reader and keyboard users start at the content instead of the link they pressed.
 * The first render is left alone: the browser already starts at the top of a fresh page.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    const main = document.querySelector<HTMLElement>("main");
    const heading = main?.querySelector<HTMLElement>("h1");
    (heading ?? main)?.focus();
  }, [pathname]);
}
