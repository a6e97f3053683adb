import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "./play.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The current page's crumb is a dropdown of its siblings (spec §2): it opens a menu whose every
 * entry is a real link (`<a href>`) matching `href`, none of them the current page. `label` is the
 * crumb's own label (a pattern where the data decides it). Closes the menu again. Returns the hrefs.
 */
export async function expectSiblingCrumb(
  canvasElement: HTMLElement,
  label: string | RegExp,
  href: RegExp,
): Promise<string[]> {
  const body = within(canvasElement.ownerDocument.body);
  const crumbs = within(canvasElement).getByRole("navigation", { name: "Breadcrumbs" });
  const name = new RegExp(`^${typeof label === "string" ? escapeRegExp(label) : label.source}: choose a page$`);
  const trigger = await within(crumbs).findByRole("button", { name }, untilRouteLoads);
  const current = trigger.textContent;
  await userEvent.click(trigger);
  const menu = await body.findByRole("menu");
  const items = within(menu).getAllByRole("menuitem");
  expect(items.length).toBeGreaterThan(0);
  const hrefs = items.map((item) => {
    expect(item.tagName).toBe("A");
    expect(item.textContent).not.toBe(current);
    expect(item.getAttribute("href")).toMatch(href);
    return item.getAttribute("href") ?? "";
  });
  expect(new Set(hrefs).size).toBe(hrefs.length);
  await userEvent.keyboard("{Escape}");
  await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
  return hrefs;
}
