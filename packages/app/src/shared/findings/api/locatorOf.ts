import { type FindingLocator, findingLocators } from "./findingLocator.ts";
import type { FindingIndexItem } from "./types.ts";

/**
 * Where an index row's finding lives, from its `location`: the drawer loads and changes it there.
 * Null when the location lacks what its area's path needs (never for rows the API sends).
 */
export function locatorOf(row: FindingIndexItem): FindingLocator | null {
  const { location } = row;
  switch (row.area) {
    case "NETWORK":
      return location.configuration !== null && location.scan_endpoint !== null
        ? findingLocators.network({
            configId: location.configuration,
            scanId: location.scan,
            endpointId: location.scan_endpoint,
            findingId: row.id,
          })
        : null;
    case "WEB_APPLICATION":
      return findingLocators.webApp({ scanId: location.scan, findingId: row.id });
    case "SOURCE_CODE":
      return findingLocators.sourceCode({ scanId: location.scan, findingId: row.id });
    case "THREAT_INSPECTION":
      return findingLocators.threatInspection({ findingId: row.id });
    default:
      return null;
  }
}
