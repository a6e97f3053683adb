import { Button, Link, OneTimeCodeField } from "@sentinel/ui";
import { useState } from "react";
import { Form } from "react-aria-components";
import { paths } from "../../../config/paths.ts";
import { useCompleteSignIn, useVerifyTwoFactor } from "../api/auth.ts";
import { AuthCard } from "./AuthCard.tsx";
import * as styles from "./auth.css.ts";
import { codeProblem } from "./checks.ts";
import { useFormErrors } from "./errors.ts";
import { FormErrorMessage } from "./FormErrorMessage.tsx";

export interface OtpStepProps {
  email: string;
  onBack(): void;
}

/** 2FA state ACTIVE: the one-time code from the authenticator app completes sign-in. */
export function OtpStep({ email, onBack }: OtpStepProps) {
  const verify = useVerifyTwoFactor();
  const completeSignIn = useCompleteSignIn();
  const [otp, setOtp] = useState("");
  const [isFinishing, setFinishing] = useState(false);
  const { fieldErrors, formError, check } = useFormErrors(verify.error, { otp }, (values) => ({
    otp: codeProblem(values.otp),
  }));

  async function submit() {
    try {
      const tokens = await verify.mutateAsync({ body: { otp } });
      if (!tokens) return;
      setFinishing(true);
      await completeSignIn(tokens);
    } catch {
      // verify.error carries it to the form.
    }
  }

  return (
    <AuthCard
      title="Two-factor authentication"
      description={`Enter the 6-digit code from your authenticator app to finish signing in as ${email}.`}
      focusOnMount
    >
      <Form
        className={styles.form}
        validationBehavior="aria"
        validationErrors={fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          if (!check(event.currentTarget)) return;
          void submit();
        }}
      >
        <FormErrorMessage message={formError} />
        <OneTimeCodeField label="Authentication code" name="otp" value={otp} onChange={setOtp} isRequired />
        <div className={styles.actions}>
          <Button type="submit" fullWidth isPending={verify.isPending || isFinishing}>
            Verify
          </Button>
          <Button variant="ghost" fullWidth onPress={onBack}>
            Use a different account
          </Button>
        </div>
        <p className={styles.footnote}>
          Lost your authenticator?{" "}
          <Link href={paths.auth_recover_authenticator.getHref()} routerOptions={{ state: { email } }}>
            Recover access
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
