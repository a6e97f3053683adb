import type { ApiError } from "@sentinel/api-client";
import type { ComponentType } from "react";
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

/** A screen behind the twin guard (`guardTwin` in `TwinGuard.tsx`); only these can be a twin's screen. */
export type GuardedScreen = ComponentType & { readonly twinGuarded: true };

/** A twin route's lazy screen. */
export type TwinScreen = LazyScreen<object> & { readonly twinGuarded: true };

/**
 * A twin's screen, loaded like any route's: `load` returns the screen behind the guard of every
 * admin twin, which renders it only once the record in the URL is known to belong to the URL's
 * company, and shows another company's record as not found instead of under the wrong name. The
 * guarded screen is exported by the screen's own module, so the guard and the record's lookup
 * come in the chunk the plain route loads anyway. Make one per screen and share it between
 * routes, so moving between them keeps the screen mounted.
 */
export function twinScreen(load: () => Promise<GuardedScreen>): TwinScreen {
  return Object.assign(lazyScreen(load), { twinGuarded: true as const });
}

/** An admin twin's route (`…/company/{company_id}/…`, spec §2): staff only, its screen guarded. */
export function twinRoute(path: string, Screen: TwinScreen): RouteObject {
  return { path, Component: Screen, handle: staffOnly };
}
