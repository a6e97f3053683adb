import { expect, type Page, test } from "@playwright/test";
import {
  clientGo,
  demo,
  escapeRegExp,
  expectNoScriptRan,
  serveHostileData,
  signInAt,
  watchCsp,
  watchErrors,
} from "./support.ts";
import { id, re, Walk } from "./walk.ts";

/**
 * Every route of spec §2 for a staff and a client role, in one browser context per role. Routes are
 * reached the way a user reaches them: by following the app's own links (`<a href>`) to real ids (the link in the
 * main cell of each list's first row, a tab, a crumb or its dropdown, a user-menu entry). The walk
 * never clicks a row or a button to navigate, so a page reachable only that way fails it.
 *
 * Staff reach the plain detail routes from the unfiltered lists, and every admin twin
 * (`…/company/{company_id}…`) from a company's information: its application and repository links,
 * and the asset and network lists filtered to it (`?company=`), whose rows open the twins.
 *
 * Opened by URL, on purpose:
 * - `/forbidden`: no link a role may follow leads there; it is where the route guard sends a user who
 *   opens a URL their role may not see. Clients reach it that way, by opening staff-only URLs (as a
 *   shared link would). Staff may open every route, so for them it is opened by its own URL.
 * - `/` and the public-only routes, which redirect a signed-in user to the dashboard.
 * - One twin under another company's id, to check that it refuses the record (no link builds it).
 */

interface Role {
  email: string;
  staff: boolean;
}

/**
 * One role per side. The route guard and the sidebar answer alike for the two roles of a side
 * (app/roleRoutes.test.tsx, shell/navigation.test.ts), and phone.spec opens every route as the other
 * two (a super admin and a client admin); see docs/decisions.md, "CI time (stop 28)".
 */
const roles: Record<string, Role> = {
  analyst: { email: demo.analyst, staff: true },
  member: { email: demo.member, staff: false },
};

const sections = ["exposure-detection", "threat-inspection", "network", "application", "source-code"] as const;

/** The current page's crumb opens its dropdown of sibling pages (spec §2); returns its first entry. */
async function firstSibling(page: Page) {
  await page
    .getByRole("navigation", { name: "Breadcrumbs" })
    .getByRole("button", { name: /: choose a page$/ })
    .click();
  return page.getByRole("menu").getByRole("menuitem").first();
}

/**
 * A product's five sections from its first one (`base` is the product's route, plain or twin): each
 * section is a tab that is a real link, and the section crumb lists the others as real links.
 */
async function walkSections(walk: Walk, base: string) {
  for (const section of sections.slice(1)) {
    await walk.follow(
      walk.page
        .getByRole("tablist", { name: "Asset kinds" })
        .getByRole("tab", { name: new RegExp(section.replace("-", " "), "i") }),
      `${base}/${section}`,
    );
  }
  await walk.page
    .getByRole("navigation", { name: "Breadcrumbs" })
    .getByRole("button", { name: /choose a page/ })
    .click();
  await walk.follow(walk.page.getByRole("menuitem", { name: "Exposure Detection" }), `${base}/exposure-detection`);
}

/** Opens a user-menu entry (spec §2 puts Settings and Privacy Policy there; each entry is a real link). */
async function userMenu(walk: Walk, entry: string, path: string) {
  await walk.page.locator("header button[aria-haspopup]").last().click();
  await walk.follow(walk.page.getByRole("menuitem", { name: entry }), path);
}

async function walkEveryRoute(page: Page, role: Role) {
  const walk = new Walk(page, watchErrors(page));
  await watchCsp(page);
  // No artificial response time (static mode's default is 100–400 ms per call): the walk checks
  // what each screen shows once loaded; guards.spec and keyboard.spec keep the realistic latency.
  await page.addInitScript(() => window.localStorage.setItem("sentinel.static.latencyMs", "0"));
  // Every text on every screen carries a script payload; the walk proves none of them runs.
  await serveHostileData(page);
  await signInAt(page, "/dashboard", role.email);
  await walk.expectAt("/dashboard");

  // `/` and the public-only routes send a signed-in user to the dashboard.
  for (const path of [
    "/",
    "/auth/login",
    "/auth/forgot-password",
    "/auth/reset-password/abc123def456",
    "/auth/recover-authenticator",
  ]) {
    await clientGo(page, path, { redirects: true });
    await walk.expectAt("/dashboard");
  }

  // The user menu: Settings, Privacy Policy, and for staff UI Kits (the design-system catalogue;
  // clients and members reach it only by its address, issue 28).
  await userMenu(walk, "Settings", "/profile/account");
  await userMenu(walk, "Privacy Policy", "/privacy-policy");
  if (role.staff) await userMenu(walk, "UI Kits", "/ui-kits");
  else await walk.go("/ui-kits");
  // A refused route renders Access denied at its own address (issue 28), so no role is sent to
  // /forbidden: every role opens it by its URL.
  await walk.go("/forbidden");

  await walk.sidebar("/dashboard");
  await walk.sidebar("/findings");
  // Company is a client's own company; staff have the directory instead and open it by address.
  if (role.staff) await walk.go("/company-management");
  else await walk.sidebar("/company-management");
  await walk.sidebar("/credits-activity");

  await walk.sidebar("/ticketing");
  await walk.openFirstRow("Tickets", re(`/ticketing/${id}`));

  // Assets: from the list (unfiltered for staff) a product opens on its plain route.
  await walk.sidebar("/asset-inventory");
  const product = await walk.openFirstRow("Products", re(`/asset-inventory/${id}/exposure-detection`));
  const plainProduct = product.replace(/\/exposure-detection$/, "");
  await walkSections(walk, plainProduct);
  // A client's own company; the twins are staff-only whatever the company.
  const companyId = "1";
  if (!role.staff) await walk.forbidden(`${plainProduct}/company/${companyId}/network`);

  await walk.sidebar("/application-va");
  const app = await walk.openFirstRow("Web applications", re(`/application-va/${id}`));
  if (!role.staff) await walk.forbidden(`${app}/company/${companyId}`);

  await walk.sidebar("/source-code-va");
  const repo = await walk.openFirstRow("Repositories", re(`/source-code-va/${id}`));
  const finding = await walk.openFirstRow("Findings", re(`/source-code-va/${id}/vulnerability-overview/${id}`));
  // The finding's crumb lists the scan's other findings as real links.
  await walk.follow(await firstSibling(page), re(`${escapeRegExp(repo)}/vulnerability-overview/${id}`));
  const findingId = finding.split("/").pop() ?? "";
  if (!role.staff) {
    await walk.forbidden(`${repo}/company/${companyId}`);
    await walk.forbidden(`${repo}/company/${companyId}/vulnerability-overview/${findingId}`);
  }

  await walk.sidebar("/network-va");
  const config = await walk.openFirstRow("Network scan configurations", re(`/network-va/${id}`));
  const endpoint = await walk.openFirstRow(
    /^Endpoints of the scan/,
    re(`/network-va/${id}/scan/${id}/scan-endpoint/${id}`),
  );
  if (!role.staff) {
    await walk.forbidden(endpoint.replace(config, `${config}/company/${companyId}`));
    await walk.forbidden(`${config}/company/${companyId}`);
  }

  await walk.sidebar("/exposure-detection");
  await walk.openFirstRow("Exposure detection configurations", re(`/exposure-detection/${id}/target-overview/${id}`));
  await walk.click(/review endpoints/i, re(`/exposure-detection/${id}/target-overview/${id}/review-endpoint/${id}`));

  await walk.sidebar("/threat-inspection");
  await walk.openFirstRow("Threat inspection configurations", re(`/threat-inspection/${id}/target-overview`));
  await walk.openFirstRow(
    "Endpoints of the scan",
    re(`/threat-inspection/${id}/target-overview/${id}/vulnerability-overview/${id}`),
  );

  if (!role.staff) {
    await walk.forbidden("/company-directory");
    await walk.forbidden(`/company-directory/${companyId}/company-information`);
    return walk;
  }

  // Staff: a company's information leads to every admin twin of that company.
  await walk.sidebar("/company-directory");
  const company = await walk.openFirstRow("Companies", re(`/company-directory/${id}/company-information`));
  const owner = company.split("/")[2] ?? "";
  const main = page.getByRole("main");
  // Each twin names its company in the crumbs, as a link back to the company's information; and it
  // shows the record (its own company's), not the refusal.
  const backToCompany = async () => {
    await expect(main.getByRole("heading", { level: 1 })).not.toHaveText(/not found/i);
    await walk.follow(page.getByRole("navigation", { name: "Breadcrumbs" }).locator(`a[href="${company}"]`), company);
  };

  await walk.follow(main.getByRole("link", { name: "Asset inventory", exact: true }), "/asset-inventory");
  const twinProduct = await walk.openFirstRow(
    "Products",
    re(`/asset-inventory/${id}/company/${owner}/exposure-detection`),
  );
  await walkSections(walk, twinProduct.replace(/\/exposure-detection$/, ""));
  await backToCompany();

  await walk.follow(
    page.getByRole("region", { name: "Web Application VA" }).getByRole("link").first(),
    re(`/application-va/${id}/company/${owner}`),
  );
  await backToCompany();

  const twinRepo = await walk.follow(
    page.getByRole("region", { name: "Source Code VA" }).getByRole("link").first(),
    re(`/source-code-va/${id}/company/${owner}`),
  );
  await walk.openFirstRow("Findings", re(`${escapeRegExp(twinRepo)}/vulnerability-overview/${id}`));
  await backToCompany();

  await walk.follow(main.getByRole("link", { name: "Network VA", exact: true }), "/network-va");
  const twinConfig = await walk.openFirstRow("Network scan configurations", re(`/network-va/${id}/company/${owner}`));
  await walk.openFirstRow(/^Endpoints of the scan/, re(`${escapeRegExp(twinConfig)}/scan/${id}/scan-endpoint/${id}`));
  await expect(main.getByRole("heading", { level: 1 })).not.toHaveText(/not found/i);
  // Under another company's id the twin refuses the configuration instead of showing it.
  const other = owner === "1" ? "2" : "1";
  await walk.go(twinConfig.replace(`/company/${owner}`, `/company/${other}`));
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Scan configuration not found");
  return walk;
}

for (const [name, role] of Object.entries(roles)) {
  test(`every route renders for ${name}`, async ({ page }) => {
    test.setTimeout(240_000);
    const walk = await walkEveryRoute(page, role);
    // Spec §2 coverage: each route pattern was reached at least once by following a link; only
    // /forbidden, which no link leads to, may be reached otherwise (see above).
    const patterns = [
      "/dashboard",
      "/findings",
      "/profile/account",
      "/privacy-policy",
      "/forbidden",
      "/ui-kits",
      "/company-management",
      "/credits-activity",
      "/ticketing",
      `/ticketing/${id}`,
      "/asset-inventory",
      ...sections.map((s) => `/asset-inventory/${id}/${s}`),
      "/application-va",
      `/application-va/${id}`,
      "/source-code-va",
      `/source-code-va/${id}`,
      `/source-code-va/${id}/vulnerability-overview/${id}`,
      "/network-va",
      `/network-va/${id}`,
      `/network-va/${id}/scan/${id}/scan-endpoint/${id}`,
      "/exposure-detection",
      `/exposure-detection/${id}/target-overview/${id}`,
      `/exposure-detection/${id}/target-overview/${id}/review-endpoint/${id}`,
      "/threat-inspection",
      `/threat-inspection/${id}/target-overview`,
      `/threat-inspection/${id}/target-overview/${id}/vulnerability-overview/${id}`,
      ...(role.staff
        ? [
            "/company-directory",
            `/company-directory/${id}/company-information`,
            ...sections.map((s) => `/asset-inventory/${id}/company/${id}/${s}`),
            `/application-va/${id}/company/${id}`,
            `/source-code-va/${id}/company/${id}`,
            `/source-code-va/${id}/company/${id}/vulnerability-overview/${id}`,
            `/network-va/${id}/company/${id}`,
            `/network-va/${id}/company/${id}/scan/${id}/scan-endpoint/${id}`,
          ]
        : []),
    ];
    const reached = (p: string) =>
      // Opened by address, not by a link: /forbidden, /ui-kits for clients and members, and
      // /company-management for staff (who belong to no company).
      (p === "/forbidden" || p === "/ui-kits" || p === "/company-management" ? walk.seen : walk.followed).some((path) =>
        new RegExp(`^${p}$`).test(path),
      );
    const missing = patterns.filter((p) => !reached(p));
    expect(missing).toEqual([]);
  });
}

test("the public routes render for a signed-out visitor", async ({ page }) => {
  const errors = watchErrors(page);
  await watchCsp(page);
  for (const path of [
    "/auth/login",
    "/auth/forgot-password",
    "/auth/reset-password/abc123def456",
    "/auth/recover-authenticator",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoScriptRan(page);
    expect(errors, `errors on ${path}`).toEqual([]);
  }
});
