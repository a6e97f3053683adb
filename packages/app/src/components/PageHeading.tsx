import { Heading } from "@sentinel/ui";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * A page's h1. It takes focus after a route change (the shell focuses `main h1`), so it has
 * tabIndex -1; `focusOnMount` also moves focus when a step replaces the page without a
 * route change (the sign-in steps).
 */
export function PageHeading({ children, focusOnMount = false }: { children: ReactNode; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Heading level={1} ref={ref} tabIndex={-1}>
      {children}
    </Heading>
  );
}
