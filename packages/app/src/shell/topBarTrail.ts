import type { BreadcrumbItem } from "@sentinel/ui";

/**
 * The top bar's trail: the screen's breadcrumbs without the last one when that one only names the
 * current page, which the page's h1 already does. A last crumb that is a dropdown of sibling pages
 * stays: it is a way to move, not a repeat of the title.
 */
export function topBarTrail(breadcrumbs: readonly BreadcrumbItem[]): readonly BreadcrumbItem[] {
  const last = breadcrumbs.at(-1);
  if (!last || last.children) return breadcrumbs;
  return breadcrumbs.slice(0, -1);
}
