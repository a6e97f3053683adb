import type { ProcessResult, ScanFrequency, ThreatInspectionConfiguration } from "@sentinel/api-client";
import { Button, DescriptionList, ErrorState, formatCredits, Link, Skeleton } from "@sentinel/ui";
import { useRef } from "react";
import { permissionOf } from "../../../../lib/permissions.ts";
import { useRole } from "../../../../lib/sessionQueries.ts";
import { useCreditBalances, useEstimate, useProcessPayment } from "../../api/purchase.ts";
import { apiErrorMessage, apiFieldErrors } from "../../model/errors.ts";
import { affordability, scanFrequencyLabel } from "../../model/pricing.ts";
import { topUpHref } from "../../model/topUp.ts";
import { FormMessage } from "./FormMessage.tsx";
import * as styles from "./purchase.css.ts";
import { StepSection } from "./StepSection.tsx";

export interface PayStepProps {
  heading: string;
  config: ThreatInspectionConfiguration;
  frequency: ScanFrequency;
  onBack: () => void;
  onPaid: (result: ProcessResult) => void;
}

/**
 * Step 4: pay the estimate from the threat-inspection credit balance. The button is blocked, with
 * the reason and a way to top up, when the balance is too low; a second press while the first is
 * on its way does nothing (and the server keeps one payment per invoice anyway).
 */
export function PayStep({ heading, config, frequency, onBack, onPaid }: PayStepProps) {
  const pay = useProcessPayment(config.id);
  // Once the payment is on its way the estimate must not be asked for again: a paid configuration
  // answers 400 (the payment's success drops the cached estimate while this step is still shown).
  const estimate = useEstimate(config.id, frequency, !pay.isPending && !pay.isSuccess);
  const balances = useCreditBalances();
  // A member prepares the purchase; paying spends the company's credits, which is an admin's call.
  // Pay stays disabled until the profile says the role allows it.
  const credits = permissionOf(useRole().role, "credits");
  const refusal = credits.refusal;
  // isPending only flips after a render; a double click lands before that, so a ref guards the call.
  const inFlight = useRef(false);

  const summary = estimate.data?.charge_summary;
  const balance = balances.data?.balance_threat_inspection;
  const money = summary && balance !== undefined ? affordability(balance, summary.grand_total) : null;

  const submit = () => {
    if (!summary || !money?.canPay || !credits.allowed || inFlight.current) return;
    inFlight.current = true;
    pay.mutate(
      { invoice_id: summary.invoice_number, amount_paid: summary.grand_total },
      {
        onSuccess: (result) => {
          if (result) onPaid(result);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const payError = pay.error ? apiErrorMessage(pay.error, "The payment could not be sent.") : null;
  const invoiceRejected = "invoice_id" in apiFieldErrors(pay.error);

  const loadError = estimate.error ?? balances.error;
  return (
    <StepSection
      heading={heading}
      description="Credits are taken from your threat inspection balance."
      actions={
        <>
          <Button variant="ghost" onPress={onBack} isDisabled={pay.isPending}>
            Back to estimate
          </Button>
          <Button
            onPress={submit}
            isDisabled={!money?.canPay || estimate.isFetching || !credits.allowed}
            isPending={pay.isPending}
            pendingLabel="Paying"
          >
            {summary ? `Pay ${formatCredits(summary.grand_total)} credits` : "Pay"}
          </Button>
        </>
      }
    >
      {loadError ? (
        <ErrorState
          message={apiErrorMessage(loadError, "The payment details could not be loaded.")}
          onRetry={() => {
            if (estimate.isError) estimate.refetch();
            if (balances.isError) balances.refetch();
          }}
        />
      ) : !summary || !money ? (
        <Skeleton variant="block" height="12rem" />
      ) : (
        <>
          <DescriptionList
            items={[
              { term: "Configuration", description: summary.group_name },
              { term: "Invoice number", description: summary.invoice_number },
              { term: "Endpoints", description: String(summary.total_endpoints) },
              { term: "Scan frequency", description: scanFrequencyLabel[summary.scan_frequency] },
            ]}
          />
          <section aria-label="Payment">
            <dl className={styles.totals}>
              <dt>Balance before</dt>
              <dd className={styles.totalsValue}>{formatCredits(money.before)} credits</dd>
              <dt>Total</dt>
              <dd className={styles.totalsValue}>−{formatCredits(summary.grand_total)} credits</dd>
              <dt className={styles.grandTotal}>Balance after</dt>
              <dd className={`${styles.totalsValue} ${styles.grandTotal}`}>
                {money.canPay ? `${formatCredits(money.after)} credits` : "Not enough credits"}
              </dd>
            </dl>
          </section>
          {refusal ? (
            <FormMessage tone="caution" title="An admin pays for this purchase">
              <p>{refusal} It stays among your company's unpaid configurations until then.</p>
            </FormMessage>
          ) : money.canPay ? null : (
            <FormMessage tone="caution" title="Your balance is too low for this purchase">
              <p>
                This purchase needs {formatCredits(summary.grand_total)} threat inspection credits and your balance is{" "}
                {formatCredits(money.before)}. Top up at least {formatCredits(money.shortfall)} credits, then come back:
                this purchase stays among your unpaid configurations.
              </p>
              <Link href={topUpHref(money.shortfall)}>Request a top-up</Link>
            </FormMessage>
          )}
          {payError ? (
            <FormMessage tone="critical" title="The payment did not go through">
              <p>{payError}</p>
              {invoiceRejected ? (
                <Button variant="outline" size="small" onPress={() => estimate.refetch()}>
                  Estimate again
                </Button>
              ) : null}
            </FormMessage>
          ) : null}
        </>
      )}
    </StepSection>
  );
}
