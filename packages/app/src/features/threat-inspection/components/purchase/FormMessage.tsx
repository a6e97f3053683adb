import { UntrustedText } from "@sentinel/ui";
import type { ReactNode } from "react";
import * as styles from "./purchase.css.ts";

export interface FormMessageProps {
  tone: "caution" | "critical" | "positive";
  title?: ReactNode;
  children?: ReactNode;
}

/**
 * A message about the whole step (a failed write, a blocked payment). Errors are announced as they
 * appear (`role="alert"`); other messages are read in place.
 */
export function FormMessage({ tone, title, children }: FormMessageProps) {
  return (
    <div className={styles.callout} data-tone={tone} role={tone === "critical" ? "alert" : undefined}>
      {title ? (
        <p className={styles.calloutTitle}>
          {typeof title === "string" ? <UntrustedText>{title}</UntrustedText> : title}
        </p>
      ) : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
