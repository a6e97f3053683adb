import { type ComponentProps, lazy } from "react";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";

// The top-up dialog and the payment drawer load when first opened.
const LazyTopupDialog = lazy(async () => ({ default: (await import("./TopupDialog.tsx")).TopupDialog }));
const LazyPaymentDrawer = lazy(async () => ({ default: (await import("./PaymentDrawer.tsx")).PaymentDrawer }));

export function TopupDialog(props: ComponentProps<typeof LazyTopupDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyTopupDialog {...props} />
    </LazyOverlay>
  );
}

export function PaymentDrawer(props: ComponentProps<typeof LazyPaymentDrawer>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyPaymentDrawer {...props} />
    </LazyOverlay>
  );
}
