import { expect, userEvent, waitFor, within } from "storybook/test";

/**
 * Wait options for a story's first screen. Route screens are lazy modules, which the dev server
 * compiles on first use; on a busy 2-core machine that takes far longer than Testing Library's
 * one-second default. A screen that never appears still fails.
 */
export const untilRouteLoads = { timeout: 45_000 } as const;

/**
 * Waits until the signed-in shell has the user's profile (its menu shows the role badge). The
 * shell's top bar comes first in the document; pages such as /ui-kits show sample menus after it.
 */
export async function untilProfileLoads(canvas: ReturnType<typeof within>): Promise<HTMLElement> {
  const menus = await canvas.findAllByRole("button", { name: /Super Admin|Admin|Analyst|Member/ }, untilRouteLoads);
  return menus[0] as HTMLElement;
}

/**
 * Finds the page's h1 once the page shows. Each route fades in from opacity 0 (keyed by path in the
 * shell); the test run freezes motion, but the built Storybook does not, and on a busy machine the
 * first frame of the fade can come well after the heading is in the document. `toBeVisible` on
 * anything of the page fails until then, so plays that check visibility wait for it here.
 */
export async function findShownPageHeading(
  canvas: ReturnType<typeof within>,
  name: string | RegExp,
): Promise<HTMLElement> {
  const heading = await canvas.findByRole("heading", { level: 1, name }, untilRouteLoads);
  await waitFor(() => expect(heading).toBeVisible(), untilRouteLoads);
  return heading;
}

/** Waits until the shell is still: profile in the user menu, balance loaded (for stable screenshots). */
export async function untilShellSettles(canvasElement: HTMLElement): Promise<void> {
  await untilProfileLoads(within(canvasElement));
  await waitFor(() => {
    if (canvasElement.querySelector("header [aria-busy]")) throw new Error("The credit balance is still loading");
  }, untilRouteLoads);
}

/**
 * The data rows of a table or grid once it has loaded. While `aria-busy`, a PagedTable shows
 * skeleton rows that look like data to a row query, so plays wait for it to settle first. A
 * virtualized findings grid is not busy before it has measured itself either, with no row drawn
 * yet (it failed a play in the built Storybook), so when `aria-rowcount` says there are rows, one
 * must be drawn. The header row is left out.
 */
export async function loadedRows(grid: HTMLElement): Promise<HTMLElement[]> {
  await waitFor(() => {
    expect(grid).not.toHaveAttribute("aria-busy");
    const rowCount = Number(grid.getAttribute("aria-rowcount"));
    if (rowCount > 1) expect(within(grid).getAllByRole("row").length).toBeGreaterThan(1);
  }, untilRouteLoads);
  return within(grid).getAllByRole("row").slice(1);
}

/**
 * Signs in through the sign-in form (after a story's session has ended) with a static-mode
 * account, and waits until the form is gone.
 */
export async function signInWithForm(canvasElement: HTMLElement, email: string, password = "demo"): Promise<void> {
  const canvas = within(canvasElement);
  await canvas.findByRole("heading", { level: 1, name: "Sign in" }, untilRouteLoads);
  await userEvent.type(canvas.getByRole("textbox", { name: /E-mail/ }), email);
  await userEvent.type(canvas.getByLabelText(/^Password/), password);
  await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
  await waitFor(
    () => expect(canvas.queryByRole("heading", { level: 1, name: "Sign in" })).not.toBeInTheDocument(),
    untilRouteLoads,
  );
}

/** A findings grid row's name: a click on it opens the finding (the row itself only takes focus). */
export function findingNameIn(row: HTMLElement): HTMLElement {
  const name = within(row).getAllByRole("button")[0];
  if (!name) throw new Error("the row has no finding name to open");
  return name;
}

/**
 * Presses a kit trigger that draws a stand-in until its code has loaded (Select, MenuButton,
 * ActionsMenu) and returns what the press opened. A click that lands on the stand-in as it leaves
 * the page reaches nothing, as no person's click could, so the trigger is found again and pressed
 * again only when the one pressed is gone; a trigger still there that opens nothing fails.
 */
export async function pressDeferredTrigger<T>(
  findTrigger: () => HTMLElement,
  opened: () => T | null | undefined,
): Promise<T> {
  for (;;) {
    const trigger = findTrigger();
    await userEvent.click(trigger);
    const result = await waitFor(() => {
      const found = opened();
      if (found) return found;
      if (!trigger.isConnected) return null;
      throw new Error("The press has not opened anything yet.");
    }, untilRouteLoads);
    if (result) return result;
  }
}

/**
 * Picks `option` from a kit Select in `container` whose trigger's name matches `trigger`. The Select
 * draws a stand-in until its code has loaded, so the press goes through `pressDeferredTrigger`.
 */
export async function chooseSelectOption(container: HTMLElement, trigger: RegExp | string, option: string) {
  const body = within(container.ownerDocument.body);
  const choice = await pressDeferredTrigger(
    () => within(container).getByRole("button", { name: trigger }),
    () => body.queryByRole("option", { name: option }),
  );
  await userEvent.click(choice);
}
