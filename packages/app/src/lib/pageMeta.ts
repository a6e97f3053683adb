import type { BreadcrumbItem } from "@sentinel/ui";

/** One breadcrumb: a link, plain text, or a dropdown of links (spec §2). */
export type { BreadcrumbItem };

export interface PageMeta {
  readonly title: string;
  readonly breadcrumbs: readonly BreadcrumbItem[];
}

export const emptyPageMeta: PageMeta = { title: "", breadcrumbs: [] };

interface Entry {
  readonly pathname: string;
  readonly meta: PageMeta;
}

export interface PageMetaStore {
  /** Sets the title and breadcrumbs for the screen at `pathname`. */
  set(pathname: string, meta: PageMeta): void;
  /** What the top bar shows at `pathname`: empty unless the screen there has set it. */
  get(pathname: string): PageMeta;
  subscribe(listener: () => void): () => void;
}

/**
 * Title and breadcrumbs are cleared on every route change (spec §2). They are stored together
 * with the pathname that set them, so a route change clears them without racing the new
 * screen's effect (children's effects run before the shell's).
 */
export function createPageMetaStore(): PageMetaStore {
  let entry: Entry | null = null;
  const listeners = new Set<() => void>();
  return {
    set(pathname, meta) {
      entry = { pathname, meta };
      for (const listener of listeners) listener();
    },
    get(pathname) {
      return entry && entry.pathname === pathname ? entry.meta : emptyPageMeta;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
