/**
 * The number shown in a paged table's first column (spec §5): `(page-1)*pageSize + index + 1`
 * followed by a dot. `page` is 1-based as in the API; `index` is the row's 0-based index on the page.
 */
export function rowNumber(page: number, pageSize: number, index: number): string {
  const safePage = Math.max(1, Math.trunc(page) || 1);
  const safeSize = Math.max(0, Math.trunc(pageSize) || 0);
  const safeIndex = Math.max(0, Math.trunc(index) || 0);
  return `${(safePage - 1) * safeSize + safeIndex + 1}.`;
}
