import type { BreadcrumbItem } from "./pageMeta.ts";

/** Admin-twin routes (`/company/{company_id}`) show which company staff are looking at. */
export function withCompany(items: BreadcrumbItem[], companyId: string | undefined): BreadcrumbItem[] {
  return companyId ? [...items, { label: `Company #${companyId}` }] : items;
}
