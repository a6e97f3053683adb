import type { TicketCategory } from "@sentinel/api-client";

/**
 * The one table of named routes. Every `<Link>`, redirect and route object reads its path here,
 * so renaming a URL is a one-line change and a typo is a type error.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Values accepted for the `:params` of a path pattern. Ids from the API are numbers. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string | number };

type HrefArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: PathParams<P>];

export interface NamedPath<P extends string> {
  /** Pattern in react-router syntax (`:id`). */
  readonly path: P;
  readonly getHref: (...args: HrefArgs<P>) => string;
}

/** Fills a pattern's `:params`, encoding each value so an id can never add a path segment. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>> = {}): string {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

function named<const P extends string>(path: P): NamedPath<P> {
  return {
    path,
    getHref: (...args: HrefArgs<P>) => fillPath(path, args[0] as Record<string, string | number> | undefined),
  };
}

/** The five sections of an asset-inventory product, in sidebar/tab order. */
export const assetSections = [
  "exposure-detection",
  "threat-inspection",
  "network",
  "application",
  "source-code",
] as const;
export type AssetSection = (typeof assetSections)[number];

export function isAssetSection(value: string | undefined): value is AssetSection {
  return (assetSections as readonly string[]).includes(value ?? "");
}

function assetSectionPath<const P extends string>(pattern: P) {
  return {
    path: pattern,
    /** The concrete pattern of one section, for the route objects. */
    pathFor: (section: AssetSection) => pattern.replace(":section", section),
    getHref: (params: PathParams<P> & { readonly section: AssetSection }) =>
      fillPath(pattern, params as Record<string, string | number>),
  };
}

const login = "/auth/login";

export const paths = {
  root: named("/"),

  auth_login: {
    path: login,
    /** `next` is where to return after sign-in; it is sanitised again when read (see `safeNext`). */
    getHref: (next?: string | null) => (next ? `${login}?${new URLSearchParams({ next }).toString()}` : login),
  },
  auth_forgot_password: named("/auth/forgot-password"),
  auth_reset_password: named("/auth/reset-password/:token"),
  auth_recover_authenticator: named("/auth/recover-authenticator"),

  dashboard: named("/dashboard"),
  /** Every area's findings in one workspace; filters, sort and columns live in its query string. */
  findings: named("/findings"),
  profile_account: named("/profile/account"),
  forbidden: named("/forbidden"),
  ui_kits: named("/ui-kits"),
  privacy_policy: named("/privacy-policy"),

  company_directory: named("/company-directory"),
  company_information: named("/company-directory/:id/company-information"),
  company_management: named("/company-management"),

  ticketing: named("/ticketing"),
  ticket_detail: named("/ticketing/:id"),

  credits_activity: named("/credits-activity"),

  asset_inventory: named("/asset-inventory"),
  asset_inventory_section: assetSectionPath("/asset-inventory/:id/:section"),
  asset_inventory_company_section: assetSectionPath("/asset-inventory/:id/company/:company_id/:section"),

  application_va: named("/application-va"),
  application_va_detail: named("/application-va/:id"),
  application_va_company: named("/application-va/:id/company/:company_id"),

  source_code_va: named("/source-code-va"),
  source_code_va_detail: named("/source-code-va/:id"),
  source_code_va_company: named("/source-code-va/:id/company/:company_id"),
  source_code_va_vulnerability_overview: named("/source-code-va/:id/vulnerability-overview/:target_id"),
  source_code_va_company_vulnerability_overview: named(
    "/source-code-va/:id/company/:company_id/vulnerability-overview/:target_id",
  ),

  network_va: named("/network-va"),
  network_va_detail: named("/network-va/:id"),
  network_va_company: named("/network-va/:id/company/:company_id"),
  network_va_scan_endpoint: named("/network-va/:id/scan/:scan_id/scan-endpoint/:scan_endpoint_id"),
  network_va_company_scan_endpoint: named(
    "/network-va/:id/company/:company_id/scan/:scan_id/scan-endpoint/:scan_endpoint_id",
  ),

  exposure_detection: named("/exposure-detection"),
  exposure_detection_target_overview: named("/exposure-detection/:id/target-overview/:target_id"),
  exposure_detection_review_endpoint: named(
    "/exposure-detection/:id/target-overview/:target_id/review-endpoint/:group_id",
  ),

  threat_inspection: named("/threat-inspection"),
  threat_inspection_target_overview: named("/threat-inspection/:id/target-overview"),
  threat_inspection_vulnerability_overview: named(
    "/threat-inspection/:id/target-overview/:scan_id/vulnerability-overview/:endpoint_id",
  ),
} as const;

export type PathName = keyof typeof paths;

/** What a link that opens the new-ticket form fills in: a way forward from a page that reports a problem. */
export interface NewTicketPrefill {
  readonly subject: string;
  readonly category: TicketCategory;
  readonly description: string;
}

/** The ticket list's query parameters that open the new-ticket form filled in (read by the ticketing area). */
export const newTicketParams = ["new", "subject", "category", "description"] as const;

/** `/ticketing` with the new-ticket form open and filled in; the user still reads it and sends it. */
export function newTicketHref(prefill: NewTicketPrefill): string {
  const search = new URLSearchParams({
    new: "1",
    subject: prefill.subject,
    category: prefill.category,
    description: prefill.description,
  });
  return `${paths.ticketing.getHref()}?${search.toString()}`;
}

/** Routes only signed-out visitors may open (spec §2); a signed-in user is sent to `/`. */
export const publicOnlyPaths = [
  paths.auth_login.path,
  paths.auth_forgot_password.path,
  paths.auth_reset_password.path,
  paths.auth_recover_authenticator.path,
] as const;

/** Whether a pathname is one of the public-only sign-in routes. */
export function isPublicOnlyPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return (
    path === paths.auth_login.path ||
    path === paths.auth_forgot_password.path ||
    path === paths.auth_recover_authenticator.path ||
    /^\/auth\/reset-password\/[^/]+$/.test(path)
  );
}
