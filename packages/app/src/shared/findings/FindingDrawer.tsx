import { Drawer } from "@sentinel/ui";
import type { FindingLocator } from "./api/findingLocator.ts";
import type { FindingStatusMutationOptions } from "./api/findingQueries.ts";
import { useFinding } from "./api/findingQueries.ts";
import { FindingView } from "./FindingView.tsx";

export interface FindingDrawerProps extends Omit<FindingStatusMutationOptions, "locator"> {
  /** The open finding, or null when the drawer is closed (usually from `useFindingParam`). */
  locator: FindingLocator | null;
  /** Called on Esc, the close button or an outside click; clear the URL param here. */
  onClose: () => void;
  /** @default false */
  readOnly?: boolean;
}

/**
 * A finding in a side drawer, opened from a findings table row. react-aria's modal returns focus
 * to the row that opened it when it closes (Esc, close button, outside click).
 */
export function FindingDrawer({ locator, onClose, listPaths, invalidatePaths, readOnly }: FindingDrawerProps) {
  const query = useFinding(locator);
  return (
    <Drawer
      isOpen={locator !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={query.data?.name ?? "Finding"}
    >
      {locator ? (
        <FindingView
          locator={locator}
          headingLevel={3}
          {...(listPaths ? { listPaths } : {})}
          {...(invalidatePaths ? { invalidatePaths } : {})}
          {...(readOnly ? { readOnly } : {})}
        />
      ) : null}
    </Drawer>
  );
}
