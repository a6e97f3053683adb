import { ErrorState, Spinner } from "@sentinel/ui";
import * as styles from "./SessionLoading.css.ts";

/** Shown while the profile that a role check needs is loading, or when it failed. */
export function SessionLoading({ isError, onRetry }: { isError: boolean; onRetry(): void }) {
  return (
    <div className={styles.center}>
      {isError ? (
        <ErrorState
          title="Your profile could not be loaded"
          message="This page depends on your role, and your profile did not load. Check your connection and try again."
          onRetry={onRetry}
          headingLevel={2}
        />
      ) : (
        <Spinner aria-label="Loading your profile" />
      )}
    </div>
  );
}

/** Before the first route's code has loaded. */
export function BootFallback() {
  return (
    <div className={styles.boot}>
      <Spinner aria-label="Loading Sentinel" />
    </div>
  );
}

/** While a page's code loads for the first time, inside the frame that stays on screen. */
export function ScreenLoading() {
  return (
    <div className={styles.center}>
      <Spinner aria-label="Loading the page" />
    </div>
  );
}
