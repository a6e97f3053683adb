import type { Db, DbUser } from "./db-types.ts";
import type { Viewer } from "./typed.ts";

/** Super admins and analysts are staff: they see every company's data. */
export const isStaff = (u: DbUser) => u.role === "SUPER_ADMIN" || u.role === "ANALYST";

/**
 * Which company's rows a list shows: `null` = all companies (staff, unless they pass `company`),
 * otherwise one id (client admins and members only ever see their own company).
 */
export function companyScope(viewer: Viewer, url: URL): number | null {
  if (!isStaff(viewer.user)) return viewer.user.company_id ?? -1;
  const raw = url.searchParams.get("company");
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

export const inScope = (scope: number | null, companyId: number | null | undefined) =>
  scope === null || scope === companyId;

/** Whether the viewer may see one company's rows (detail routes answer 404 otherwise, like DRF querysets). */
export const canSee = (viewer: Pick<Viewer, "user">, companyId: number | null | undefined) =>
  isStaff(viewer.user) || (companyId !== null && companyId !== undefined && viewer.user.company_id === companyId);

/** Case-insensitive substring match over some fields, DRF SearchFilter style. */
export function matches(search: string | null, ...fields: Array<string | null | undefined>): boolean {
  if (!search) return true;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((f) => f?.toLowerCase().includes(needle));
}

export function companyOf(db: Db, id: number | null | undefined) {
  return db.companies.find((c) => c.id === id);
}
