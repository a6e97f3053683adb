import type { ThreatInspectionConfiguration } from "@sentinel/api-client";
import {
  Button,
  Dialog,
  ErrorState,
  formatDateTime,
  formatNumber,
  Heading,
  Inline,
  Link,
  Modal,
  revealBidiControls,
  Skeleton,
  Stack,
  UntrustedText,
} from "@sentinel/ui";
import { useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useDiscardDraft } from "../api/configurations.ts";
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
  const [discarding, setDiscarding] = useState<ThreatInspectionConfiguration | null>(null);
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
            <Inline space="medium" alignY="center">
              <Button
                variant="ghost"
                onPress={() => setDiscarding(c)}
                aria-label={`Discard purchase ${revealBidiControls(c.name)}`}
              >
                Discard
              </Button>
              <Link
                variant="standalone"
                href={resumeHref(c)}
                aria-label={`Resume purchase ${revealBidiControls(c.name)}`}
              >
                Resume purchase
              </Link>
            </Inline>
          </li>
        ))}
      </Stack>
      <Modal isOpen={discarding !== null} onOpenChange={(open) => (open ? undefined : setDiscarding(null))}>
        {discarding ? <DiscardDraftDialog draft={discarding} onDone={() => setDiscarding(null)} /> : null}
      </Modal>
    </Stack>
  );
}

/**
 * Confirms discarding a draft. Nothing was paid for it, so nothing is refunded; its endpoint selection
 * and price estimate are lost. A refusal (paid meanwhile, or already gone) keeps the dialog open with
 * the reason, and the list behind it is fetched again.
 */
export function DiscardDraftDialog({ draft, onDone }: { draft: ThreatInspectionConfiguration; onDone: () => void }) {
  const discard = useDiscardDraft();
  const [error, setError] = useState("");

  async function confirm() {
    setError("");
    try {
      await discard.mutateAsync({ params: { path: { id: draft.id } } });
      onDone();
    } catch (failure) {
      setError(mapApiErrors(failure, [], "The purchase wasn't discarded").form ?? "");
    }
  }

  return (
    <Dialog
      role="alertdialog"
      title="Discard this purchase?"
      actions={(close) => (
        <>
          <Button variant="ghost" onPress={close} isDisabled={discard.isPending}>
            Keep it
          </Button>
          <Button variant="critical" onPress={() => void confirm()} isPending={discard.isPending}>
            Discard purchase
          </Button>
        </>
      )}
    >
      <Stack space="small">
        <p>
          <UntrustedText>{draft.name}</UntrustedText> ({formatNumber(draft.targets_count)} endpoints selected) was never
          paid, so no credits were spent and none are returned. Its endpoint selection and price estimate will be lost.
        </p>
        <p role="alert" className={styles.error}>
          {error}
        </p>
      </Stack>
    </Dialog>
  );
}
