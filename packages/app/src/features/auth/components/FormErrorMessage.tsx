import { CircleAlert } from "lucide-react";
import * as styles from "./auth.css.ts";

/** The form-level error (non-field errors, `detail`, a network failure), announced when it appears. */
export function FormErrorMessage({ message }: { message: string | undefined }) {
  return (
    <div role="alert" className={styles.formErrorSlot}>
      {message ? (
        <p className={styles.formError}>
          <CircleAlert className={styles.formErrorIcon} aria-hidden="true" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
