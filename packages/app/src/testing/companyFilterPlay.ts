import { http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "./play.ts";

/** Records the query strings a list endpoint is called with (the handler passes each call on). */
export function recordRequests(path: string): { urls: URL[]; handler: ReturnType<typeof http.get> } {
  const urls: URL[] = [];
  return {
    urls,
    handler: http.get(`*${path}`, ({ request }) => {
      urls.push(new URL(request.url));
    }),
  };
}

/** The text of each loaded row's cell under the column headed `header`. */
export async function columnTexts(grid: HTMLElement, header: string): Promise<string[]> {
  const rows = await loadedRows(grid);
  const headers = within(grid).getAllByRole("columnheader");
  const index = headers.findIndex((h) => h.textContent?.trim() === header);
  expect(index).toBeGreaterThanOrEqual(0);
  return rows.map((row) => row.querySelectorAll('[role="gridcell"], [role="rowheader"]')[index]?.textContent ?? "");
}

/**
 * Opens the Company filter's list. The kit's Select draws a stand-in trigger until its code arrives
 * and then replaces it: a click that lands on the stand-in as it leaves the page reaches nothing, so
 * the trigger is found again and pressed again only when the one pressed is gone.
 */
async function openCompanyList(canvasElement: HTMLElement): Promise<HTMLElement[]> {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  for (;;) {
    const filter = canvas.getByRole("button", { name: /Company/ });
    await waitFor(() => expect(filter).toBeEnabled(), untilRouteLoads);
    await userEvent.click(filter);
    const opened = await waitFor(() => {
      const options = body.queryAllByRole("option");
      if (options.length > 0) return options;
      if (!filter.isConnected) return null;
      throw new Error("The Company list has not opened yet.");
    }, untilRouteLoads);
    if (opened) return opened;
  }
}

/**
 * Staff pick a company in the list's Company filter: the call carries `company`, the trigger names
 * the company, and every row's Company cell is that company. Returns the chosen name.
 */
export async function pickCompany(canvasElement: HTMLElement, grid: HTMLElement, urls: URL[]): Promise<string> {
  const canvas = within(canvasElement);
  // Across companies at first: the Company column names more than one.
  await waitFor(
    async () => expect(new Set(await columnTexts(grid, "Company")).size).toBeGreaterThan(1),
    untilRouteLoads,
  );
  const options = await openCompanyList(canvasElement);
  expect(options[0]).toHaveTextContent("All companies");
  const option = options[1] as HTMLElement;
  const name = option.textContent?.trim() ?? "";
  await userEvent.click(option);
  await waitFor(() => expect(canvas.getByRole("button", { name: /Company/ })).toHaveTextContent(name));
  await waitFor(() => expect(urls.some((u) => u.searchParams.get("company") !== null)).toBe(true), untilRouteLoads);
  await waitFor(async () => {
    const names = await columnTexts(grid, "Company");
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n === name)).toBe(true);
  }, untilRouteLoads);
  return name;
}

/** Client roles see their own company only: neither a Company column nor a Company filter. */
export function expectNoCompanyFilter(canvasElement: HTMLElement, grid: HTMLElement): void {
  expect(within(grid).queryByRole("columnheader", { name: "Company" })).not.toBeInTheDocument();
  expect(within(canvasElement).queryByRole("button", { name: /Company/ })).not.toBeInTheDocument();
}

/** A shared link with `?company=` opens the list narrowed: the filter names the company, the rows are its own. */
export async function expectLinkedCompany(canvasElement: HTMLElement, grid: HTMLElement, urls: URL[], id: number) {
  const filter = await within(canvasElement).findByRole("button", { name: /Company/ }, untilRouteLoads);
  // Enabled once the company list is in, so the trigger shows the company's name.
  await waitFor(() => expect(filter).toBeEnabled(), untilRouteLoads);
  const name = filter.textContent?.trim() ?? "";
  expect(name).not.toBe("All companies");
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.every((u) => u.searchParams.get("company") === String(id))).toBe(true);
  // Some lists name the company from the company list, which may answer after the rows.
  await waitFor(async () => {
    const names = await columnTexts(grid, "Company");
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(names.map(() => name));
  }, untilRouteLoads);
}

/**
 * Every loaded row's main-cell link matches `href`: the plain route while the list spans every
 * company, the chosen company's twin route once staff narrowed it.
 */
export async function expectRowLinks(grid: HTMLElement, href: RegExp): Promise<void> {
  await waitFor(async () => {
    const rows = await loadedRows(grid);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const link = within(within(row).getByRole("rowheader")).getByRole("link");
      expect(link.getAttribute("href")).toMatch(href);
    }
  }, untilRouteLoads);
}
