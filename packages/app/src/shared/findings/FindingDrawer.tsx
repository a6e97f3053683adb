import { Drawer, Link } from "@sentinel/ui";
import type { FindingLocator } from "./api/findingLocator.ts";
import { useFinding } from "./api/findingQueries.ts";
import { LoadedFindingView } from "./FindingView.tsx";

export interface FindingDrawerProps {
  /** The open finding, or null when the drawer is closed (usually from `useFindingParam`). */
  locator: FindingLocator | null;
  /** Called on Esc, the close button or an outside click; clear the URL param here. */
  onClose: () => void;
  /** @default false */
  readOnly?: boolean;
  /** The finding's own page, where it has one: linked under the title. */
  pageHref?: string | undefined;
}

/**
 * A finding in a side drawer, opened from a findings table row. react-aria's modal returns focus
 * to the row that opened it when it closes (Esc, close button, outside click). The drawer holds the
 * finding's one query (its title reads it) and hands it to the view. A status change refreshes
 * every list and counter that shows it by itself (`refreshFindingViews`).
 */
export function FindingDrawer({ locator, onClose, readOnly, pageHref }: FindingDrawerProps) {
  const query = useFinding(locator);
  return (
    <Drawer
      isOpen={locator !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={query.data?.name ?? "Finding"}
      subtitle={pageHref ? <Link href={pageHref}>Open as a page</Link> : undefined}
    >
      {locator ? (
        <LoadedFindingView locator={locator} query={query} headingLevel={3} {...(readOnly ? { readOnly } : {})} />
      ) : null}
    </Drawer>
  );
}
