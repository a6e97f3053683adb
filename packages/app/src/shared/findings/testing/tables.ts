import { expect, waitFor, within } from "storybook/test";

/**
 * The data rows of a PagedTable once it has loaded: skeleton rows (shown while `aria-busy`) are
 * not clickable, so plays wait for the table to settle first. The header row is left out.
 */
export async function loadedRows(grid: HTMLElement): Promise<HTMLElement[]> {
  await waitFor(() => expect(grid).not.toHaveAttribute("aria-busy"), { timeout: 60_000 });
  return within(grid).getAllByRole("row").slice(1);
}
