import type { ProcessResult, ThreatInspectionConfiguration } from "@sentinel/api-client";
import { Button, DescriptionList, formatCredits, Link, StatusBadge } from "@sentinel/ui";
import { paths } from "../../../../config/paths.ts";
import { scanFrequencyLabel } from "../../model/pricing.ts";
import { FormMessage } from "./FormMessage.tsx";
import { StepSection } from "./StepSection.tsx";

export interface DoneStepProps {
  config: ThreatInspectionConfiguration;
  /** The payment just made; absent after a reload, when only the configuration is known. */
  result: ProcessResult | null;
  onClose: () => void;
}

/** After paying: the new configuration, the payment, and where to follow the scans. */
export function DoneStep({ config, result, onClose }: DoneStepProps) {
  return (
    <StepSection
      heading="Purchase complete"
      actions={
        <>
          <Button variant="ghost" onPress={onClose}>
            Back to threat inspection
          </Button>
          <Link href={paths.threat_inspection_target_overview.getHref({ id: config.id })}>
            Open the target overview
          </Link>
        </>
      }
    >
      <FormMessage tone="positive" title={`${config.name} is paid and its first scan is queued.`}>
        {result ? (
          <p>
            Invoice {result.payment.invoice_code}: {formatCredits(result.payment.total_credit_amount)} credits spent. It
            is listed in Credits Activity.
          </p>
        ) : null}
      </FormMessage>
      <DescriptionList
        items={[
          { term: "Name", description: config.name },
          { term: "Status", description: <StatusBadge kind="configuration" status={config.status} /> },
          { term: "Targets", description: String(config.targets_count) },
          { term: "Services", description: String(config.services_count) },
          {
            term: "Scan frequency",
            description: config.scan_frequency ? scanFrequencyLabel[config.scan_frequency] : "—",
          },
          { term: "Domain target", description: config.domain_target ?? "—" },
          { term: "Exposure detection target", description: config.exposure_detection_target.name },
        ]}
      />
    </StepSection>
  );
}
