import { Spinner } from "@sentinel/ui";
import { lazy, Suspense } from "react";
import * as styles from "./auth.css.ts";
import type { EnrolStepProps } from "./EnrolStep.tsx";
import type { OtpStepProps } from "./OtpStep.tsx";

// The 2FA steps (the enrolment one carries the QR encoder) show only after the credentials were
// accepted, so the sign-in page does not download them to render. `preloadTwoFactorSteps` starts
// the download when the credentials are submitted, alongside the sign-in request, so the next
// step is normally ready when the answer arrives and the fallback is not seen.
const importOtpStep = () => import("./OtpStep.tsx");
const importEnrolStep = () => import("./EnrolStep.tsx");

const LazyOtpStep = lazy(async () => ({ default: (await importOtpStep()).OtpStep }));
const LazyEnrolStep = lazy(async () => ({ default: (await importEnrolStep()).EnrolStep }));

export function preloadTwoFactorSteps(): void {
  // Nothing to report here: a failed download surfaces when the step renders (error boundary).
  importOtpStep().catch(() => {});
  importEnrolStep().catch(() => {});
}

function StepLoading() {
  return (
    <div className={styles.stepLoading}>
      <Spinner aria-label="Loading the next step" />
    </div>
  );
}

/** 2FA state ACTIVE, loaded on demand (see OtpStep.tsx). */
export function OtpStep(props: OtpStepProps) {
  return (
    <Suspense fallback={<StepLoading />}>
      <LazyOtpStep {...props} />
    </Suspense>
  );
}

/** 2FA state SETUP, loaded on demand (see EnrolStep.tsx). */
export function EnrolStep(props: EnrolStepProps) {
  return (
    <Suspense fallback={<StepLoading />}>
      <LazyEnrolStep {...props} />
    </Suspense>
  );
}
