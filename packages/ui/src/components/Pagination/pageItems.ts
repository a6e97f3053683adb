/** One entry in the pagination bar: a page button or a gap standing for the pages left out. */
export type PageItem = { type: "page"; page: number } | { type: "ellipsis"; key: string };

/**
 * Which page buttons to show. The API sends every page number in `pages`; with hundreds of pages
 * that is too many buttons, so we keep the first and last page, `siblings` pages either side of the
 * current one, and collapse the rest into gaps. A gap never hides a single page: it is replaced by that page.
 */
export function getPageItems(pages: readonly number[], currentPage: number, siblings = 1): PageItem[] {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return [];

  const currentIndex = Math.max(0, sorted.indexOf(currentPage));
  const keep = new Set<number>([0, sorted.length - 1]);
  for (let i = currentIndex - siblings; i <= currentIndex + siblings; i++) {
    if (i >= 0 && i < sorted.length) keep.add(i);
  }
  // Keep the slot count steady near the edges so the bar doesn't jump in width while paging.
  const slots = 2 * siblings + 5;
  if (currentIndex < siblings + 3) {
    for (let i = 0; i < Math.min(sorted.length, slots - 2); i++) keep.add(i);
  }
  if (currentIndex > sorted.length - siblings - 4) {
    for (let i = Math.max(0, sorted.length - (slots - 2)); i < sorted.length; i++) keep.add(i);
  }

  const items: PageItem[] = [];
  let previous = -1;
  for (const index of [...keep].sort((a, b) => a - b)) {
    const gap = index - previous - 1;
    if (gap === 1) {
      items.push({ type: "page", page: sorted[index - 1] as number });
    } else if (gap > 1) {
      items.push({ type: "ellipsis", key: `gap-${previous}-${index}` });
    }
    items.push({ type: "page", page: sorted[index] as number });
    previous = index;
  }
  return items;
}

/** Page numbers 1…totalPages, for callers that only know the page count. */
export function pageRange(totalPages: number): number[] {
  return Array.from({ length: Math.max(0, totalPages) }, (_, i) => i + 1);
}

/** The live-region sentence: "Showing 11–20 of 134" (en dash), or "No results" for an empty list. */
export function describeRange(
  startIndex: number,
  endIndex: number,
  count: number,
  format: (value: number) => string = String,
): string {
  if (count <= 0) return "No results";
  return `Showing ${format(startIndex)}\u2013${format(endIndex)} of ${format(count)}`;
}
