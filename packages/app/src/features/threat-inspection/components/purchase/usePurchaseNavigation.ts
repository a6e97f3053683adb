import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { type PurchaseState, readPurchaseState, writePurchaseState } from "../../model/purchaseSteps.ts";

/**
 * The purchase state in the URL and how to move it. Moving to another step pushes a history entry,
 * so Back returns to the previous step; `replace` is for corrections the user did not ask for
 * (a step the configuration cannot show yet, a frequency change).
 */
export function usePurchaseNavigation() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readPurchaseState(searchParams);
  const go = useCallback(
    (next: PurchaseState, options?: { replace?: boolean }) =>
      setSearchParams((current) => writePurchaseState(current, next), { replace: options?.replace ?? false }),
    [setSearchParams],
  );
  return { state, go } as const;
}
