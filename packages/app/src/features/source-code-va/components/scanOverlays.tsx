import { type ComponentProps, lazy } from "react";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";

/**
 * The repository page's scan parts that it draws only on demand: the scan dialogs (run, abort,
 * import, schedule), a moving scan's progress and a scan's finding changes. One call loads them
 * (one chunk, one list of files to preload in the page's code), when a dialog is first opened or a
 * scan moves or has counts.
 */
export const loadScanParts = () => import("./ScanActivity.tsx");

const LazySourceScanDialogs = lazy(async () => ({ default: (await loadScanParts()).SourceScanDialogs }));

export function SourceScanDialogs(props: ComponentProps<typeof LazySourceScanDialogs>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazySourceScanDialogs {...props} />
    </LazyOverlay>
  );
}
