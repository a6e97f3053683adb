import { VisuallyHidden } from "react-aria-components";
import { type PurchaseStep, purchaseSteps, stepNumber } from "../../model/purchaseSteps.ts";
import * as styles from "./PurchaseStepper.css.ts";

export interface PurchaseStepperProps {
  current: PurchaseStep;
}

/**
 * Where the purchase is: an ordered list with `aria-current="step"` on the current step. Steps are
 * not links; moving between them goes through each step's own buttons, which save first.
 */
export function PurchaseStepper({ current }: PurchaseStepperProps) {
  const position = stepNumber(current);
  return (
    <nav aria-label="Purchase steps">
      <ol className={styles.list}>
        {purchaseSteps.map((step, index) => {
          const n = index + 1;
          const state = n < position ? "complete" : n === position ? "current" : "upcoming";
          return (
            <li
              key={step.id}
              className={styles.item}
              data-state={state}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className={styles.number} aria-hidden="true">
                {n}
              </span>
              <span>
                {step.label}
                {state === "complete" ? <VisuallyHidden> (done)</VisuallyHidden> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
