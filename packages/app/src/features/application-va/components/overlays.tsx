import { type ComponentProps, lazy } from "react";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";

// The new-application dialog (checkboxes, date picker, selects) loads when first opened: the list
// draws without it.
const LazyNewApplicationDialog = lazy(async () => ({
  default: (await import("./NewApplicationDialog.tsx")).NewApplicationDialog,
}));

export function NewApplicationDialog(props: ComponentProps<typeof LazyNewApplicationDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyNewApplicationDialog {...props} />
    </LazyOverlay>
  );
}
