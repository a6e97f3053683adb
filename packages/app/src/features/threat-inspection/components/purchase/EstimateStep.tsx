import type { ScanFrequency, ThreatInspectionConfiguration } from "@sentinel/api-client";
import { Button, ErrorState, formatCredits, formatNumber, Select, Skeleton } from "@sentinel/ui";
import { useEstimate } from "../../api/purchase.ts";
import { apiErrorMessage } from "../../model/errors.ts";
import { parseScanFrequency, scanFrequencies, scanFrequencyLabel } from "../../model/pricing.ts";
import { ChargeSummaryView } from "./ChargeSummaryView.tsx";
import * as styles from "./purchase.css.ts";
import { StepSection } from "./StepSection.tsx";

const frequencyOptions = scanFrequencies.map((f) => ({ id: f, label: scanFrequencyLabel[f] }));

export interface EstimateStepProps {
  heading: string;
  config: ThreatInspectionConfiguration;
  frequency: ScanFrequency;
  onFrequencyChange: (frequency: ScanFrequency) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 3: the server's price for the selection at a frequency; choosing another frequency re-estimates. */
export function EstimateStep({ heading, config, frequency, onFrequencyChange, onBack, onContinue }: EstimateStepProps) {
  const estimate = useEstimate(config.id, frequency, true);
  const summary = estimate.data?.charge_summary;
  return (
    <StepSection
      heading={heading}
      description="The price is worked out by the server for the selected endpoints. Review it before paying."
      actions={
        <>
          <Button variant="ghost" onPress={onBack}>
            Back to endpoints
          </Button>
          <Button onPress={onContinue} isDisabled={!summary || estimate.isFetching}>
            Continue to payment
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <Select
          label="Scan frequency"
          items={frequencyOptions}
          selectedKey={frequency}
          onSelectionChange={(key) => {
            const next = parseScanFrequency(String(key));
            if (next && next !== frequency) onFrequencyChange(next);
          }}
          description="How often the endpoints are inspected. Changing it updates the estimate."
        />
      </div>
      <p className={styles.muted} role="status">
        {estimate.isFetching
          ? "Estimating the price…"
          : summary
            ? `Estimated ${formatCredits(summary.grand_total)} credits for ${formatNumber(summary.total_endpoints)} endpoints, ${scanFrequencyLabel[summary.scan_frequency].toLowerCase()}.`
            : ""}
      </p>
      <div aria-busy={estimate.isFetching || undefined}>
        {estimate.isError ? (
          <ErrorState
            message={apiErrorMessage(estimate.error, "The price could not be estimated.")}
            onRetry={() => estimate.refetch()}
          />
        ) : summary && !estimate.isFetching ? (
          <ChargeSummaryView summary={summary} />
        ) : (
          <Skeleton variant="block" height="12rem" />
        )}
      </div>
    </StepSection>
  );
}
