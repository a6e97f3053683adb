import type { ThreatInspectionConfiguration } from "@sentinel/api-client";
import {
  ErrorState,
  formatDateTime,
  formatNumber,
  Heading,
  Link,
  revealBidiControls,
  Skeleton,
  Stack,
  UntrustedText,
} from "@sentinel/ui";
import * as styles from "./UnpaidPurchases.css.ts";

export interface UnpaidPurchasesProps {
  configurations: readonly ThreatInspectionConfiguration[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Where resuming a purchase goes: the step of the flow where it stopped. */
  resumeHref: (config: ThreatInspectionConfiguration) => string;
}

/** Purchases started but not paid, each with a way back into the flow where it stopped. */
export function UnpaidPurchases({ configurations, isLoading, isError, onRetry, resumeHref }: UnpaidPurchasesProps) {
  if (isError) return <ErrorState headingLevel={2} message="Unpaid purchases could not be loaded." onRetry={onRetry} />;
  if (isLoading) return <Skeleton variant="block" height="4rem" />;
  if (!configurations?.length) return null;
  return (
    <Stack as="section" space="small" aria-labelledby="unpaid-purchases">
      <Heading level={2} id="unpaid-purchases">
        Unpaid purchases
      </Heading>
      <Stack as="ul" space="small">
        {configurations.map((c) => (
          <li key={c.id} className={styles.item}>
            <Stack space="xxsmall">
              <span className={styles.name}>
                <UntrustedText>{c.name}</UntrustedText>
              </span>
              <span className={styles.meta}>
                <UntrustedText>{c.exposure_detection_target.name}</UntrustedText> · {formatNumber(c.targets_count)}{" "}
                endpoints selected · started {formatDateTime(c.created_at)}
              </span>
            </Stack>
            <Link
              variant="standalone"
              href={resumeHref(c)}
              aria-label={`Resume purchase ${revealBidiControls(c.name)}`}
            >
              Resume purchase
            </Link>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
