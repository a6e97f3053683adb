import type { TwoFAState } from "@sentinel/api-client";
import { useState } from "react";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useSessionStore } from "../../../lib/SessionContext.tsx";
import { CredentialsStep } from "../components/CredentialsStep.tsx";
import { EnrolStep, OtpStep } from "../components/TwoFactorSteps.tsx";

type Step = "credentials" | Exclude<TwoFAState, "INACTIVE">;

const titles: Record<Step, string> = {
  credentials: "Sign in",
  ACTIVE: "Two-factor authentication",
  SETUP: "Set up two-factor authentication",
};

/**
 * Sign-in: credentials, then the 2FA step the account's state asks for. The e-mail lives here,
 * above the steps, so it survives errors and a trip to the 2FA step and back. A successful
 * sign-in stores the session; the public-only guard then leaves for `next`.
 */
export function LoginScreen() {
  const store = useSessionStore();
  const [email, setEmail] = useState("");
  const [step, setStep] = useState<Step>("credentials");
  usePageMeta({ title: titles[step] });

  const back = () => {
    store.setPendingToken(null);
    setStep("credentials");
  };

  if (step === "ACTIVE") return <OtpStep email={email} onBack={back} />;
  if (step === "SETUP") return <EnrolStep email={email} onBack={back} />;
  return <CredentialsStep email={email} onEmailChange={setEmail} onTwoFactor={setStep} />;
}
