/**
 * Row ids for PagedTable that can never equal its skeleton rows' React keys ("0", "1", …): with
 * plain numeric ids the first data row reuses a skeleton row and react-aria throws "Cannot change
 * the id of an item". Remove once PagedTable keys its skeleton rows apart from data rows.
 */
export const rowKey = (row: { id: number }): string => `row-${row.id}`;
