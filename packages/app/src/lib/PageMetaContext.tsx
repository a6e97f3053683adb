import { revealBidiControls } from "@sentinel/ui";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { type BreadcrumbItem, createPageMetaStore, type PageMeta, type PageMetaStore } from "./pageMeta.ts";

const PageMetaContext = createContext<PageMetaStore | null>(null);

export function PageMetaProvider({ children }: { children: ReactNode }) {
  const store = useMemo(() => createPageMetaStore(), []);
  return <PageMetaContext.Provider value={store}>{children}</PageMetaContext.Provider>;
}

function useStore(): PageMetaStore {
  const store = useContext(PageMetaContext);
  if (!store) throw new Error("usePageMeta needs a PageMetaProvider (the app's root route provides one)");
  return store;
}

/**
 * Sets the top bar's title and breadcrumbs for the current screen, and the document title.
 * A route change clears both until the next screen sets its own.
 */
export function usePageMeta(meta: { title: string; breadcrumbs?: readonly BreadcrumbItem[] }): void {
  const store = useStore();
  const { pathname } = useLocation();
  // Screens pass fresh literals each render; compare by content so the effect runs only on change.
  const serialised = JSON.stringify({ title: meta.title, breadcrumbs: meta.breadcrumbs ?? [] });
  useEffect(() => {
    const parsed = JSON.parse(serialised) as PageMeta;
    store.set(pathname, parsed);
    // The title is often a record's name: a bidi override in it would reorder the tab's text too.
    document.title = parsed.title ? `${revealBidiControls(parsed.title)} · Sentinel` : "Sentinel";
  }, [store, pathname, serialised]);
}

/** What the top bar shows for the current path. */
export function useCurrentPageMeta(): PageMeta {
  const store = useStore();
  const { pathname } = useLocation();
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(pathname),
    () => store.get(pathname),
  );
}
