import type { ApiError } from "@sentinel/api-client";
import type { RouteObject } from "react-router";
import { type LazyScreen, lazyScreen } from "./lazyScreen.ts";
import { staffRoles } from "./roles.ts";
import type { RouteHandle } from "./routeHandle.ts";

/** Whose record a twin route shows, as far as it is known yet. */
export type TwinOwner =
  | { readonly status: "pending" }
  | { readonly status: "error"; readonly error: ApiError; retry(): void }
  | { readonly status: "success"; readonly companyId: number };

/** The record an admin twin shows, described for its guard. */
export interface TwinRecord {
  /** What the route shows, for its messages: "scan configuration". */
  readonly noun: string;
  /** The area's list, the way back from a refused record. */
  readonly back: { readonly label: string; readonly href: string };
  /** Loads the route's record (from the URL) and says which company it belongs to. */
  useOwner(): TwinOwner;
}

const staffOnly: RouteHandle = { roles: staffRoles };

/** A screen behind the twin guard; only these can be a twin's screen. */
export type TwinScreen = LazyScreen & { readonly twinGuarded: true };

/**
 * `Screen` behind the guard of every admin twin (`TwinGuard.tsx`): it renders only once the record
 * in the URL is known to belong to the URL's company; another company's record gets the not-found
 * state instead of being shown under the wrong name. The guard and the record's lookup load with
 * the screen's code, so they cost the first page nothing. Make one per screen and record, and
 * share it between routes, so moving between them keeps the screen mounted.
 */
export function twinScreen(Screen: LazyScreen, loadRecord: () => Promise<TwinRecord>): TwinScreen {
  const Guarded = lazyScreen(async () => {
    const [{ guardTwin }, record] = await Promise.all([import("./TwinGuard.tsx"), loadRecord(), Screen.preload()]);
    return guardTwin(Screen, record);
  });
  return Object.assign(Guarded, { twinGuarded: true as const });
}

/** An admin twin's route (`…/company/{company_id}/…`, spec §2): staff only, its screen guarded. */
export function twinRoute(path: string, Screen: TwinScreen): RouteObject {
  return { path, Component: Screen, handle: staffOnly };
}
