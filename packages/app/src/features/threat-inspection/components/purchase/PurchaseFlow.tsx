import type { ProcessResult, ScanFrequency } from "@sentinel/api-client";
import { EmptyState, ErrorState, Link, Skeleton } from "@sentinel/ui";
import { useEffect, useRef, useState } from "react";
import { paths } from "../../../../config/paths.ts";
import { useThreatConfiguration, useUnpaidConfigurations } from "../../api/configurations.ts";
import { defaultScanFrequency } from "../../model/pricing.ts";
import {
  allowedStep,
  type PurchaseState,
  type PurchaseStep,
  purchaseSteps,
  stepNumber,
} from "../../model/purchaseSteps.ts";
import { CreateStep } from "./CreateStep.tsx";
import { DoneStep } from "./DoneStep.tsx";
import { EndpointsStep } from "./EndpointsStep.tsx";
import { EstimateStep } from "./EstimateStep.tsx";
import { PayStep } from "./PayStep.tsx";
import { PurchaseStepper } from "./PurchaseStepper.tsx";
import * as styles from "./purchase.css.ts";
import { StepFocusContext } from "./StepSection.tsx";
import { usePurchaseNavigation } from "./usePurchaseNavigation.ts";

function stepHeading(step: Exclude<PurchaseStep, "done">): string {
  const n = stepNumber(step);
  return `Step ${n} of ${purchaseSteps.length}: ${purchaseSteps[n - 1]?.label ?? ""}`;
}

/** The purchase of a threat inspection, step by step, driven by the URL (see `purchaseSteps.ts`). */
export function PurchaseFlow({ state }: { state: Exclude<PurchaseState, { kind: "none" }> }) {
  const stepKey = state.kind === "new" ? "create" : `${state.id}:${state.step}`;
  const firstStep = useRef(stepKey);
  const moved = useRef(false);
  if (stepKey !== firstStep.current) moved.current = true;
  return (
    <StepFocusContext.Provider value={moved.current}>
      <PurchaseSteps state={state} />
    </StepFocusContext.Provider>
  );
}

function PurchaseSteps({ state }: { state: Exclude<PurchaseState, { kind: "none" }> }) {
  const { go } = usePurchaseNavigation();
  const close = () => go({ kind: "none" });
  if (state.kind === "new") {
    return (
      <div className={styles.flow}>
        <PurchaseStepper current="create" />
        <CreateStep
          heading={stepHeading("create")}
          initialTarget={state.target}
          onCreated={(id) => go({ kind: "config", id, step: "endpoints", frequency: null }, { replace: true })}
          onCancel={close}
        />
      </div>
    );
  }
  return <ConfigurationPurchase key={state.id} id={state.id} step={state.step} frequency={state.frequency} />;
}

interface ConfigurationPurchaseProps {
  id: number;
  step: Exclude<PurchaseStep, "create">;
  frequency: ScanFrequency | null;
}

function ConfigurationPurchase({ id, step, frequency }: ConfigurationPurchaseProps) {
  const { go } = usePurchaseNavigation();
  const config = useThreatConfiguration(id);
  const unpaid = useUnpaidConfigurations();
  const [paid, setPaid] = useState<ProcessResult | null>(null);

  const isUnpaid = unpaid.data?.some((c) => c.id === id);
  // A paid configuration can no longer change: any step of it shows the result; an unpaid one cannot be "done".
  let shown: Exclude<PurchaseStep, "create"> = step;
  if (config.data && unpaid.isSuccess) {
    if (!isUnpaid) shown = "done";
    else shown = allowedStep(step === "done" ? "estimate" : step, config.data);
  }
  const chosenFrequency = frequency ?? config.data?.scan_frequency ?? defaultScanFrequency;

  useEffect(() => {
    if (shown !== step) go({ kind: "config", id, step: shown, frequency }, { replace: true });
  }, [shown, step, id, frequency, go]);

  if (config.isError || unpaid.isError) {
    if (config.error?.status === 404) {
      return (
        <EmptyState
          headingLevel={2}
          title="This purchase does not exist"
          description="It may have been removed, or it belongs to another company."
          action={<Link href={paths.threat_inspection.getHref()}>Back to threat inspection</Link>}
        />
      );
    }
    return (
      <ErrorState
        headingLevel={2}
        message="The purchase could not be loaded."
        onRetry={() => {
          if (config.isError) config.refetch();
          if (unpaid.isError) unpaid.refetch();
        }}
      />
    );
  }
  if (!config.data || !unpaid.isSuccess || shown !== step) return <Skeleton variant="block" height="12rem" />;

  const to = (next: Exclude<PurchaseStep, "create">, f: ScanFrequency | null = frequency) =>
    go({ kind: "config", id, step: next, frequency: f });
  const data = config.data;

  return (
    <div className={styles.flow}>
      <PurchaseStepper current={shown} />
      {shown === "endpoints" ? (
        <EndpointsStep
          heading={stepHeading("endpoints")}
          config={data}
          onBack={() => go({ kind: "none" })}
          onSaved={() => to("estimate")}
        />
      ) : shown === "estimate" ? (
        <EstimateStep
          heading={stepHeading("estimate")}
          config={data}
          frequency={chosenFrequency}
          onFrequencyChange={(f) => go({ kind: "config", id, step: "estimate", frequency: f }, { replace: true })}
          onBack={() => to("endpoints")}
          onContinue={() => to("pay", chosenFrequency)}
        />
      ) : shown === "pay" ? (
        <PayStep
          heading={stepHeading("pay")}
          config={data}
          frequency={chosenFrequency}
          onBack={() => to("estimate")}
          onPaid={(result) => {
            setPaid(result);
            go({ kind: "config", id, step: "done", frequency: chosenFrequency }, { replace: true });
          }}
        />
      ) : (
        <DoneStep config={paid?.configuration ?? data} result={paid} onClose={() => go({ kind: "none" })} />
      )}
    </div>
  );
}
