import { db } from "@sentinel/api-client/mocks";
import type { RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { assetSections, paths } from "../config/paths.ts";
import { answerFromStaticMode, renderApp } from "../testing/renderApp.tsx";
import { appRoutes } from "./router.tsx";

/**
 * Every admin twin (`…/company/{company_id}/…`) in the router shows its record only under the
 * company it belongs to: another company's id in the URL gets the not-found state, never the
 * record under the wrong name. The cases are built from static mode's data, so they follow the seed.
 */

/** Every route path in the tree (children here carry absolute paths). */
function routePaths(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

interface TwinCase {
  /** The company the record belongs to. */
  owner: number;
  url(companyId: number): string;
}

function twinCases(): Record<string, TwinCase> {
  const data = db.get();
  const companyOfProduct = (productId: number | undefined) => data.products.find((p) => p.id === productId)?.company_id;
  const first = <T,>(rows: readonly T[], what: string): T => {
    const row = rows[0];
    if (row === undefined) throw new Error(`The seed has no ${what}`);
    return row;
  };

  const product = first(data.products, "product");
  const web = first(data.webApps, "web application");
  const webOwner = companyOfProduct(data.webAssets.find((a) => a.id === web.asset_id)?.product_id);
  // A repository with a finding, for the vulnerability overview.
  const codeFinding = first(
    data.findings.filter((f) => f.area === "sourcecode"),
    "source code finding",
  );
  const repoScan = first(
    data.sourceScans.filter((s) => s.id === codeFinding.parent_id),
    "scan of the finding",
  );
  const repo = first(
    data.sourceApps.filter((a) => a.id === repoScan.app_id),
    "repository of the scan",
  );
  const repoOwner = companyOfProduct(data.sourceAssets.find((a) => a.id === repo.asset_id)?.product_id);
  const config = first(data.networkConfigs, "network configuration");
  const scan = first(
    data.networkScans.filter((s) => s.config_id === config.id),
    "scan of the configuration",
  );
  const endpoint = first(
    data.scanEndpoints.filter((e) => e.scan_id === scan.id),
    "endpoint of the scan",
  );
  if (webOwner === undefined || repoOwner === undefined) throw new Error("A record without a product");

  return {
    ...Object.fromEntries(
      assetSections.map((section): [string, TwinCase] => [
        paths.asset_inventory_company_section.pathFor(section),
        {
          owner: product.company_id,
          url: (company_id) => paths.asset_inventory_company_section.getHref({ id: product.id, company_id, section }),
        },
      ]),
    ),
    [paths.application_va_company.path]: {
      owner: webOwner,
      url: (company_id) => paths.application_va_company.getHref({ id: web.id, company_id }),
    },
    [paths.source_code_va_company.path]: {
      owner: repoOwner,
      url: (company_id) => paths.source_code_va_company.getHref({ id: repo.id, company_id }),
    },
    [paths.source_code_va_company_vulnerability_overview.path]: {
      owner: repoOwner,
      url: (company_id) =>
        `${paths.source_code_va_company_vulnerability_overview.getHref({ id: repo.id, company_id, target_id: codeFinding.id })}?scan=${repoScan.id}`,
    },
    [paths.network_va_company.path]: {
      owner: config.company_id,
      url: (company_id) => paths.network_va_company.getHref({ id: config.id, company_id }),
    },
    [paths.network_va_company_scan_endpoint.path]: {
      owner: config.company_id,
      url: (company_id) =>
        paths.network_va_company_scan_endpoint.getHref({
          id: config.id,
          company_id,
          scan_id: scan.id,
          scan_endpoint_id: endpoint.id,
        }),
    },
  };
}

function companyName(id: number): string {
  const company = db.get().companies.find((c) => c.id === id);
  if (!company) throw new Error(`No company ${id}`);
  return company.name;
}

function otherCompany(id: number): number {
  const other = db.get().companies.find((c) => c.id !== id);
  if (!other) throw new Error("The seed has one company only");
  return other.id;
}

const slow = { timeout: 30_000 } as const;

describe("admin twins", () => {
  beforeAll(() => answerFromStaticMode());
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it("every twin route of the router is checked below", () => {
    const twins = routePaths(appRoutes()).filter((path) => path.includes(":company_id"));
    expect(twins.length).toBeGreaterThan(0);
    expect([...twins].sort()).toEqual(Object.keys(twinCases()).sort());
  });

  it.each(Object.entries(twinCases()))(
    "%s shows another company's record as not found, and the record under its own company",
    async (_pattern, twin) => {
      const foreign = otherCompany(twin.owner);
      const refused = await renderApp(twin.url(foreign), "SUPER_ADMIN");
      const main = refused.getByRole("main");
      await expect.element(main.getByRole("heading", { level: 1, name: /not found/i }), slow).toBeVisible();
      await expect
        .element(
          main.getByRole("heading", { name: new RegExp(`does not belong to ${escaped(companyName(foreign))}$`) }),
          slow,
        )
        .toBeVisible();
      await refused.unmount();

      const shown = await renderApp(twin.url(twin.owner), "SUPER_ADMIN");
      const heading = shown.getByRole("main").getByRole("heading", { level: 1 });
      await expect.element(heading, slow).toBeVisible();
      expect(heading.element().textContent).not.toMatch(/not found/i);
    },
    60_000,
  );
});

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
