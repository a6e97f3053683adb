import { type ComponentProps, lazy, Suspense } from "react";

const Flow = lazy(async () => ({ default: (await import("./PurchaseFlow.tsx")).PurchaseFlow }));

/**
 * The purchase flow, loaded when a purchase is opened: its steps' forms, combo box and endpoint grid
 * are about a tenth of the list page's JavaScript, which the list itself never uses. The page's
 * title stays on screen while it loads.
 */
export function PurchaseFlow(props: ComponentProps<typeof Flow>) {
  return (
    <Suspense fallback={null}>
      <Flow {...props} />
    </Suspense>
  );
}
