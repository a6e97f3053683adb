import { api, findingsIndexOptions } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import type { FindingLocator } from "./findingLocator.ts";
import { locatorOf } from "./locatorOf.ts";
import type { FindingIndexItem } from "./types.ts";

/**
 * Where finding `findingId` lives, read from its row of the findings index (`?ids=`), for a list
 * that spans areas: a /findings link that names only the finding (`?finding=12`) can then open it.
 * Null while it loads, when no finding is asked for, and when the viewer may not see it.
 */
export function useIndexedFindingLocator(findingId: number | null): FindingLocator | null {
  const row = useIndexedFinding(findingId);
  return row ? locatorOf(row) : null;
}

/** Finding `findingId`'s index row (its company, product and place), through the same query as the locator. */
export function useIndexedFinding(findingId: number | null): FindingIndexItem | undefined {
  const { data } = useQuery({
    ...findingsIndexOptions(api, { ids: [findingId ?? 0], page_size: 1 }),
    enabled: findingId !== null,
  });
  return findingId === null ? undefined : data?.results.find((r) => r.id === findingId);
}
