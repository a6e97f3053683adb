import { Button, OneTimeCodeField } from "@sentinel/ui";
import { useState } from "react";
import { Form } from "react-aria-components";
import { CopySecret } from "../../../components/CopySecret.tsx";
import { QrCode } from "../../../components/QrCode.tsx";
import { useCompleteSignIn, useTwoFactorSetup, useVerifyTwoFactorSetup } from "../api/auth.ts";
import { AuthCard } from "./AuthCard.tsx";
import * as styles from "./auth.css.ts";
import { codeProblem } from "./checks.ts";
import { useFormErrors } from "./errors.ts";
import { FormErrorMessage } from "./FormErrorMessage.tsx";

export interface EnrolStepProps {
  email: string;
  onBack(): void;
}

/** 2FA state SETUP: enrol an authenticator (QR code or secret), then confirm with its first code. */
export function EnrolStep({ email, onBack }: EnrolStepProps) {
  const setup = useTwoFactorSetup();
  const verify = useVerifyTwoFactorSetup();
  const completeSignIn = useCompleteSignIn();
  const [otp, setOtp] = useState("");
  const [isFinishing, setFinishing] = useState(false);
  const { fieldErrors, formError, check } = useFormErrors(verify.error, { otp }, (values) => ({
    otp: codeProblem(values.otp),
  }));
  const uri = setup.data?.otpauth_uri ?? "";

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
      title="Set up two-factor authentication"
      description={`Your account (${email}) needs an authenticator app before you can sign in.`}
      focusOnMount
    >
      <ol className={styles.steps}>
        <li>Open an authenticator app on your phone.</li>
        <li>Scan the QR code, or enter the secret key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {setup.isPending ? (
        <p className={styles.footnote} role="status">
          Preparing your authenticator key…
        </p>
      ) : setup.isError ? (
        <div className={styles.actions}>
          <FormErrorMessage message={setup.error.formError() ?? setup.error.message} />
          <Button variant="outline" onPress={() => void setup.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className={styles.enrol}>
          {uri.startsWith("otpauth://") ? (
            <QrCode value={uri} label={`QR code to add Sentinel (${email}) to an authenticator app`} />
          ) : null}
          <CopySecret secret={setup.data.secret} />
        </div>
      )}
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
          <Button type="submit" fullWidth isPending={verify.isPending || isFinishing} isDisabled={!setup.isSuccess}>
            Verify and sign in
          </Button>
          <Button variant="ghost" fullWidth onPress={onBack}>
            Use a different account
          </Button>
        </div>
      </Form>
    </AuthCard>
  );
}
