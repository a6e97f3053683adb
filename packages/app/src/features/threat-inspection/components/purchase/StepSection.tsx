import { Heading } from "@sentinel/ui";
import { createContext, type ReactNode, useContext, useEffect, useId, useRef } from "react";
import * as styles from "./purchase.css.ts";

export interface StepSectionProps {
  /** "Step 2 of 4: Select endpoints". */
  heading: string;
  description?: ReactNode;
  children: ReactNode;
  /** The step's buttons, at the end. */
  actions?: ReactNode;
}

/**
 * Whether a step that appears now should take focus: true once the user has moved between steps.
 * The step a page opens on does not, because the shell already focuses the page's h1 then.
 */
export const StepFocusContext = createContext(false);

/**
 * One step of the purchase. When the user moves to another step, focus moves to its heading, so
 * keyboard and screen-reader users hear which step they are on and continue from the top of it.
 */
export function StepSection({ heading, description, children, actions }: StepSectionProps) {
  const focusOnMount = useContext(StepFocusContext);
  const headingId = useId();
  const ref = useRef<HTMLHeadingElement>(null);
  // Only on mount: a re-render of the same step must not pull focus back from the user.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusOnMount is read once, at mount.
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, []);
  return (
    <section className={styles.step} aria-labelledby={headingId}>
      <div className={styles.stepHeader}>
        <Heading level={2} id={headingId} ref={ref} tabIndex={-1}>
          {heading}
        </Heading>
        {description ? <p className={styles.muted}>{description}</p> : null}
      </div>
      {children}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
