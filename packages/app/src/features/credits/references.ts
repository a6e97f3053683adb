import type { CreditTransactionReference } from "@sentinel/api-client";
import { paths } from "../../config/paths.ts";

/** The Credits Activity address that opens one payment's detail (the invoice). */
export function paymentHref(id: number): string {
  return `${paths.credits_activity.getHref()}?${new URLSearchParams({ tab: "payments", payment: String(id) })}`;
}

/**
 * Where a transaction's scan or invoice is shown: the scan's configuration or application page, or
 * the invoice on Credits Activity. The plain (not company-twin) routes, which staff open too.
 */
export function referenceHref(reference: CreditTransactionReference): string {
  switch (reference.kind) {
    case "PAYMENT":
      return paymentHref(reference.id);
    case "NETWORK_VA":
      return paths.network_va_detail.getHref({ id: reference.id });
    case "APPLICATION_VA":
      return paths.application_va_detail.getHref({ id: reference.id });
    case "SOURCE_CODE_VA":
      return paths.source_code_va_detail.getHref({ id: reference.id });
    case "EXPOSURE_DETECTION":
      return reference.target_id === null
        ? paths.exposure_detection.getHref()
        : paths.exposure_detection_target_overview.getHref({ id: reference.id, target_id: reference.target_id });
    case "THREAT_INSPECTION":
      return paths.threat_inspection_target_overview.getHref({ id: reference.id });
  }
}
