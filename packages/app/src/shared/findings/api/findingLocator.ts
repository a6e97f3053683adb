import type { apiQueryKey } from "@sentinel/api-client";

/** Any GET path of the contract (the first argument of `apiQueryKey`). */
export type ApiGetPath = Parameters<typeof apiQueryKey>[0];

/**
 * Where one finding lives. Each area has its own finding detail path, with a designed `PATCH`
 * for the status change (openapi.yaml `x-designed`); every one answers the shared `Finding`.
 */
export type FindingLocator =
  | {
      path: "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/";
      params: { id: number; scanId: number; endpointId: number; findingId: number };
    }
  | { path: "/api/v1/sourcecode/scans/{id}/findings/{findingId}/"; params: { id: number; findingId: number } }
  | { path: "/api/v1/webapp/scans/{id}/findings/{findingId}/"; params: { id: number; findingId: number } }
  | { path: "/api/v1/threat-inspection/scan-configuration/findings/{id}/"; params: { id: number } };

export type FindingDetailPath = FindingLocator["path"];

/** Builders for each area's locator, so callers never spell a path. */
export const findingLocators = {
  network: (ids: { configId: number; scanId: number; endpointId: number; findingId: number }): FindingLocator => ({
    path: "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/",
    params: { id: ids.configId, scanId: ids.scanId, endpointId: ids.endpointId, findingId: ids.findingId },
  }),
  sourceCode: (ids: { scanId: number; findingId: number }): FindingLocator => ({
    path: "/api/v1/sourcecode/scans/{id}/findings/{findingId}/",
    params: { id: ids.scanId, findingId: ids.findingId },
  }),
  webApp: (ids: { scanId: number; findingId: number }): FindingLocator => ({
    path: "/api/v1/webapp/scans/{id}/findings/{findingId}/",
    params: { id: ids.scanId, findingId: ids.findingId },
  }),
  threatInspection: (ids: { findingId: number }): FindingLocator => ({
    path: "/api/v1/threat-inspection/scan-configuration/findings/{id}/",
    params: { id: ids.findingId },
  }),
} as const;

/** The finding's own id, whichever path parameter carries it. */
export function findingIdOf(locator: FindingLocator): number {
  return "findingId" in locator.params ? locator.params.findingId : locator.params.id;
}
