import { NavigationProvider } from "@sentinel/ui";
import { Suspense, useEffect, useRef } from "react";
import { Outlet, useHref, useLocation, useNavigate, useNavigationType } from "react-router";
import { PageMetaProvider } from "../lib/PageMetaContext.tsx";
import { RootErrorBoundary } from "./RouteErrorBoundary.tsx";
import { BootFallback } from "./SessionLoading.tsx";
import { useFocusOnNavigate } from "./useFocusOnNavigate.ts";

/**
 * A new page starts at the top; a change of the query string alone (a filter, a page of a table,
 * an opened finding) keeps the scroll position. Back and forward are left to the browser, which
 * restores the position it remembered.
 */
function useScrollToTopOnPush(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    if (navigationType === "PUSH") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The root route: the kit's links and menus navigate through react-router, without a reload. */
export function RootLayout() {
  const navigate = useNavigate();
  useFocusOnNavigate();
  useScrollToTopOnPush();
  return (
    <NavigationProvider navigate={navigate} useHref={useHref}>
      <PageMetaProvider>
        <RootErrorBoundary>
          <Suspense fallback={<BootFallback />}>
            <Outlet />
          </Suspense>
        </RootErrorBoundary>
      </PageMetaProvider>
    </NavigationProvider>
  );
}
