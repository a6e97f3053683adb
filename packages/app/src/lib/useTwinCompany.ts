import { api } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { paths } from "../config/paths.ts";
import type { BreadcrumbItem } from "./pageMeta.ts";

/**
 * The company of an admin-twin route (`…/company/{company_id}/…`), for staff looking at one client's
 * data. `companyId` is null on the ordinary route. The company's name is loaded for the breadcrumbs;
 * until it arrives (or if it cannot be loaded) the crumb reads "Company #id".
 */
export function useTwinCompany() {
  const raw = useParams().company_id;
  const companyId = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const query = useQuery({
    ...api.queryOptions("/api/v1/company/{id}/", { params: { path: { id: companyId ?? 0 } } }),
    // A plain route has no twin company, and nothing draws this query there.
    enabled: companyId !== null,
    staleTime: 5 * 60_000,
  });
  const crumb: BreadcrumbItem | null =
    companyId === null
      ? null
      : {
          label: query.data?.name ?? `Company #${companyId}`,
          href: paths.company_information.getHref({ id: companyId }),
        };
  return { companyId, company: query.data, crumb } as const;
}

/** Breadcrumbs with the twin's company right after the area root (`Network › Acme › #12`). */
export function withTwinCrumb(items: readonly BreadcrumbItem[], crumb: BreadcrumbItem | null): BreadcrumbItem[] {
  if (!crumb) return [...items];
  const [root, ...rest] = items;
  return root ? [root, crumb, ...rest] : [crumb];
}
