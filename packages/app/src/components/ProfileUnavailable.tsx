import { ErrorState } from "@sentinel/ui";

/** What a screen that depends on the user's role shows when the profile that tells it failed. */
export function ProfileUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <ErrorState
      headingLevel={2}
      title="Your profile could not be loaded"
      message="What this page shows depends on your role, and your profile did not load. Check your connection and try again."
      onRetry={onRetry}
    />
  );
}
