import { expect, type Locator, type Page } from "@playwright/test";
import { clientGo, escapeRegExp, expectHealthy, leaveScreen, settle } from "./support.ts";

/** One step of the walk: where the app should now be, and that the screen is healthy. */
export class Walk {
  /** Every path the walk has checked, for the coverage assertion at the end. */
  readonly seen: string[] = [];
  /** The paths reached by following a link (not by opening a URL), for the same assertion. */
  readonly followed: string[] = [];
  constructor(
    readonly page: Page,
    readonly errors: string[],
    /** `url`: only wait for the URL and the h1 (to collect ids fast); `full`: every health check. */
    readonly check: "full" | "url" = "full",
  ) {}

  async expectAt(path: string | RegExp): Promise<string> {
    if (this.check === "full") await expectHealthy(this.page, path, this.errors);
    else {
      await expect(this.page).toHaveURL(typeof path === "string" ? re(escapeRegExp(path)) : path);
      await expect(this.page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    }
    const pathname = new URL(this.page.url()).pathname;
    this.seen.push(pathname);
    return pathname;
  }

  /** A sidebar link, as a user opens an area (on a narrow screen, from the menu drawer). */
  async sidebar(href: string) {
    const menu = this.page.getByRole("banner").getByRole("button", { name: "Open menu" });
    if (await menu.isVisible()) await menu.click();
    return this.follow(this.page.getByRole("navigation", { name: "Main" }).locator(`a[href="${href}"]`), href);
  }

  async go(path: string, expected: string | RegExp = path) {
    await clientGo(this.page, path);
    return this.expectAt(expected);
  }

  /**
   * Follows a real link: the element must be an `<a href>` (so it can be middle-clicked, opened in a
   * new tab, copied or bookmarked), and the page it lands on must be the one its href names.
   */
  async follow(link: Locator, expected: string | RegExp) {
    await expect(link, "a real link (<a href>)").toHaveJSProperty("tagName", "A");
    const href = await link.getAttribute("href");
    expect(href, "the link's href").toMatch(/^\//);
    await leaveScreen(this.page, () => link.click());
    const at = await this.expectAt(expected);
    const landed = new URL(this.page.url());
    const target = new URL(href ?? "", landed.origin);
    expect(`${landed.pathname}${landed.search}`, "where the link leads").toBe(`${target.pathname}${target.search}`);
    this.followed.push(landed.pathname);
    return at;
  }

  /**
   * The first data row of a table, opened from the real link in its main cell (the row header).
   * A row that only opens on a row click (or from its ⋮ menu) fails here: the walk never clicks rows.
   */
  async openFirstRow(table: string | RegExp, expected: RegExp) {
    const grid = this.page.getByRole("grid", { name: table }).or(this.page.getByRole("table", { name: table }));
    await expect(grid).toBeVisible();
    await settle(this.page);
    const row = grid.getByRole("row").nth(1);
    await expect(row).toBeVisible();
    return this.follow(row.getByRole("rowheader").getByRole("link").first(), expected);
  }

  /** A link in the page (never a button or a menu entry). */
  async click(name: string | RegExp, expected: string | RegExp, scope = this.page.getByRole("main")) {
    return this.follow(scope.getByRole("link", { name }).first(), expected);
  }

  /** A route this role may not open: refused at its own address, which stays in the bar (issue 28). */
  async forbidden(path: string) {
    await clientGo(this.page, path, { redirects: true });
    await expect(this.page.getByRole("main").getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await this.expectAt(path);
  }
}

export const id = String.raw`\d+`;
export const re = (source: string) => new RegExp(`^https?://[^/]+${source}(\\?.*)?$`);

/** Concrete URLs of the detail screens, found by following the app's links from each list. */
export interface DetailUrls {
  ticket: string;
  productSection: string;
  webApp: string;
  repository: string;
  codeFinding: string;
  networkConfig: string;
  networkEndpoint: string;
  exposureTarget: string;
  exposureReview: string;
  threatTarget: string;
  threatEndpoint: string;
  /** Staff only. */
  company: string | null;
  /** Staff only: a product of that company through its admin twin, from the company's filtered list. */
  twinProductSection: string | null;
}

/** Collects one real id per detail route (the first row of each list), without the health checks. */
export async function discoverDetailUrls(page: Page, staff: boolean): Promise<DetailUrls> {
  const walk = new Walk(page, [], "url");
  const at = async (href: string) => {
    await clientGo(page, href);
    await walk.expectAt(href);
  };
  await at("/ticketing");
  const ticket = await walk.openFirstRow("Tickets", re(`/ticketing/${id}`));
  await at("/asset-inventory");
  const productSection = await walk.openFirstRow("Products", re(`/asset-inventory/${id}/exposure-detection`));
  await at("/application-va");
  const webApp = await walk.openFirstRow("Web applications", re(`/application-va/${id}`));
  await at("/source-code-va");
  const repository = await walk.openFirstRow("Repositories", re(`/source-code-va/${id}`));
  const codeFinding = await walk.openFirstRow("Findings", re(`/source-code-va/${id}/vulnerability-overview/${id}`));
  await at("/network-va");
  const networkConfig = await walk.openFirstRow("Network scan configurations", re(`/network-va/${id}`));
  const networkEndpoint = await walk.openFirstRow(
    /^Endpoints of the scan/,
    re(`/network-va/${id}/scan/${id}/scan-endpoint/${id}`),
  );
  await at("/exposure-detection");
  const exposureTarget = await walk.openFirstRow(
    "Exposure detection configurations",
    re(`/exposure-detection/${id}/target-overview/${id}`),
  );
  const exposureReview = await walk.click(
    /review endpoints/i,
    re(`/exposure-detection/${id}/target-overview/${id}/review-endpoint/${id}`),
  );
  await at("/threat-inspection");
  const threatTarget = await walk.openFirstRow(
    "Threat inspection configurations",
    re(`/threat-inspection/${id}/target-overview`),
  );
  const threatEndpoint = await walk.openFirstRow(
    "Endpoints of the scan",
    re(`/threat-inspection/${id}/target-overview/${id}/vulnerability-overview/${id}`),
  );
  let company: string | null = null;
  let twinProductSection: string | null = null;
  if (staff) {
    await at("/company-directory");
    company = await walk.openFirstRow("Companies", re(`/company-directory/${id}/company-information`));
    await walk.follow(
      page.getByRole("main").getByRole("link", { name: "Asset inventory", exact: true }),
      "/asset-inventory",
    );
    twinProductSection = await walk.openFirstRow(
      "Products",
      re(`/asset-inventory/${id}/company/${id}/exposure-detection`),
    );
  }
  return {
    ticket,
    productSection,
    webApp,
    repository,
    codeFinding,
    networkConfig,
    networkEndpoint,
    exposureTarget,
    exposureReview,
    threatTarget,
    threatEndpoint,
    company,
    twinProductSection,
  };
}
