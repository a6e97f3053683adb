import { type ComponentProps, lazy } from "react";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";

// The repository page's scan dialogs (run, abort, import, schedule) load together when one is first
// opened, so the page draws without them.
const LazySourceScanDialogs = lazy(async () => ({
  default: (await import("./SourceScanDialogs.tsx")).SourceScanDialogs,
}));

export function SourceScanDialogs(props: ComponentProps<typeof LazySourceScanDialogs>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazySourceScanDialogs {...props} />
    </LazyOverlay>
  );
}
