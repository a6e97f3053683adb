import { expect, within } from "storybook/test";
import { loadedRows } from "./play.ts";

/**
 * Asserts that every data row of a loaded table has a real link in its row header (its main
 * cell), pointing at the detail page `href` describes, so the row can be opened in a new tab,
 * copied or bookmarked. Returns the links, first row first.
 */
export async function expectRowHeaderLinks(grid: HTMLElement, href: RegExp): Promise<HTMLElement[]> {
  const rows = await loadedRows(grid);
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((row) => {
    const link = within(within(row).getByRole("rowheader")).getByRole("link");
    expect(link.getAttribute("href")).toMatch(href);
    return link;
  });
}
