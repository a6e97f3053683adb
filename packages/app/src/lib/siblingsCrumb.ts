import type { BreadcrumbItem } from "./pageMeta.ts";

/** A page beside the current one, for its crumb's dropdown. */
export interface SiblingPage {
  readonly label: string;
  readonly href: string;
}

/**
 * The current page's crumb where it has siblings (spec §2's expandable breadcrumb): a dropdown of the
 * other pages, each a link. With no sibling to offer it is plain: a link to `href` when given (a crumb
 * in the middle of the trail), else text (the last crumb, which only names the page).
 */
export function siblingsCrumb(label: string, siblings: readonly SiblingPage[], href?: string): BreadcrumbItem {
  if (siblings.length > 0) return { label, children: siblings.map((s) => ({ label: s.label, href: s.href })) };
  return href === undefined ? { label } : { label, href };
}
