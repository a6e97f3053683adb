import { type ComponentProps, lazy } from "react";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";

// The add-repository form loads when first opened.
const LazyAddRepositoryDialog = lazy(async () => ({
  default: (await import("./AddRepositoryDialog.tsx")).AddRepositoryDialog,
}));

export function AddRepositoryDialog(props: ComponentProps<typeof LazyAddRepositoryDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyAddRepositoryDialog {...props} />
    </LazyOverlay>
  );
}
