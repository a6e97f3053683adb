import { Heading, Stack } from "@sentinel/ui";
import type { FindingLocator } from "../api/findingLocator.ts";
import type { FindingsFilter } from "../api/types.ts";
import { useFindingParam } from "../useFindingParam.ts";
import { FindingsSection } from "./FindingsSection.tsx";
import type { FindingColumnId } from "./types.ts";

export interface ScanFindingsProps {
  /** The scan's findings in the index; null until the page knows which scan it shows. */
  filter: FindingsFilter | null;
  columns: readonly FindingColumnId[];
  /** Where a finding of this scan lives (the page knows it from its route); null before the scan is known. */
  locatorOf(findingId: number): FindingLocator | null;
  /** What the empty list says: the scan may not have run yet. */
  emptyTitle: string;
  /** See {@link FindingsSectionProps.findingHref}. */
  findingHref?: ((findingId: number) => string) | undefined;
}

/**
 * A scan's findings under a "Findings" heading, on a scan screen (application VA, source-code VA):
 * the findings section, with the open finding in the URL (`?finding=`) so a shared link opens it.
 * Not a labelled section of its own: the findings section is the region named "Findings".
 */
export function ScanFindings({ filter, columns, locatorOf, emptyTitle, findingHref }: ScanFindingsProps) {
  const { findingId, open, close } = useFindingParam();
  return (
    <Stack space="medium">
      <Heading level={2}>Findings</Heading>
      {filter ? (
        <FindingsSection
          label="Findings"
          filter={filter}
          columns={columns}
          drawer={{ findingId, locatorOf, open, close }}
          findingHref={findingHref}
          empty={{ title: emptyTitle }}
        />
      ) : null}
    </Stack>
  );
}
