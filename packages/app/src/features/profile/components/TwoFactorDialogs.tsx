import type { User } from "@sentinel/api-client";
import { Button, Dialog, ErrorState, Inline, Modal, OneTimeCodeField, PasswordField, Skeleton } from "@sentinel/ui";
import { type FormEvent, useState } from "react";
import { CopySecret } from "../../../components/CopySecret.tsx";
import { QrCode } from "../../../components/QrCode.tsx";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup } from "../api/account.ts";
import * as styles from "./profile.css.ts";

export interface TwoFactorDialogProps {
  user: User;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onDone?(message: string): void;
}

/** Why a one-time code cannot be sent, or undefined when it can. */
function codeProblem(value: string): string | undefined {
  if (!value) return "Enter the 6-digit code from your authenticator app.";
  if (!/^\d{6}$/.test(value)) return "The code has 6 digits.";
  return undefined;
}

/** Turning 2FA on: the set-up's QR code (or its key by hand), then the app's first code confirms it. */
export function TurnOnTwoFactorDialog({ user, isOpen, onOpenChange, onDone }: TwoFactorDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Turn on two-factor authentication">
        {isOpen ? (
          <TurnOnForm
            user={user}
            onCancel={() => onOpenChange(false)}
            onDone={() => {
              onDone?.("Two-factor authentication is on. Your next sign-in will ask for a code.");
              onOpenChange(false);
            }}
          />
        ) : null}
      </Dialog>
    </Modal>
  );
}

function TurnOnForm({ user, onCancel, onDone }: { user: User; onCancel(): void; onDone(): void }) {
  const setup = useTwoFactorSetup(true);
  const enable = useEnableTwoFactor();
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = codeProblem(otp);
    setError(problem);
    setFormError("");
    if (problem) return;
    try {
      await enable.save(otp);
      onDone();
    } catch (failure) {
      const split = mapApiErrors(failure, ["otp"], "Two-factor authentication wasn't turned on");
      setError(split.fields.otp);
      setFormError(split.form ?? "");
    }
  }

  const uri = setup.data?.otpauth_uri ?? "";
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Turn on two-factor authentication">
      <ol className={styles.steps}>
        <li>Open an authenticator app on your phone.</li>
        <li>Scan the QR code, or enter the secret key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {setup.isPending ? (
        <div role="status" aria-label="Preparing your authenticator key">
          <Skeleton lines={4} />
        </div>
      ) : setup.isError ? (
        <ErrorState
          title="Your authenticator key could not be prepared"
          message={setup.error.formError() ?? setup.error.message}
          onRetry={() => void setup.refetch()}
          isRetrying={setup.isFetching}
          headingLevel={3}
        />
      ) : (
        <div className={styles.enrol}>
          {uri.startsWith("otpauth://") ? (
            <QrCode value={uri} label={`QR code to add Sentinel (${user.email}) to an authenticator app`} />
          ) : null}
          <CopySecret secret={setup.data.secret} />
        </div>
      )}
      <OneTimeCodeField
        label="Authentication code"
        name="otp"
        value={otp}
        onChange={setOtp}
        isRequired
        isInvalid={Boolean(error)}
        errorMessage={error}
      />
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={enable.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={enable.isPending} isDisabled={!setup.isSuccess}>
          Turn on
        </Button>
      </Inline>
    </form>
  );
}

/** Turning 2FA off proves both factors: the password and a current code. */
export function TurnOffTwoFactorDialog({ isOpen, onOpenChange, onDone }: Omit<TwoFactorDialogProps, "user">) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Turn off two-factor authentication">
        {isOpen ? (
          <TurnOffForm
            onCancel={() => onOpenChange(false)}
            onDone={() => {
              onDone?.("Two-factor authentication is off. Sign-in asks only for your password.");
              onOpenChange(false);
            }}
          />
        ) : null}
      </Dialog>
    </Modal>
  );
}

type OffField = "password" | "otp";

function TurnOffForm({ onCancel, onDone }: { onCancel(): void; onDone(): void }) {
  const disable = useDisableTwoFactor();
  const [values, setValues] = useState<Record<OffField, string>>({ password: "", otp: "" });
  const [errors, setErrors] = useState<Partial<Record<OffField, string>>>({});
  const [formError, setFormError] = useState("");
  const set = (field: OffField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<OffField, string>> = {};
    if (!values.password) found.password = "Enter your password.";
    const code = codeProblem(values.otp);
    if (code) found.otp = code;
    setErrors(found);
    setFormError("");
    if (Object.keys(found).length > 0) return;
    try {
      await disable.save(values);
      onDone();
    } catch (failure) {
      const split = mapApiErrors(failure, ["password", "otp"] as const, "Two-factor authentication is still on");
      setErrors(split.fields);
      setFormError(split.form ?? "");
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Turn off two-factor authentication">
      <p className={styles.muted}>
        Without it, anyone who learns your password can sign in. Confirm with your password and a code from your
        authenticator app.
      </p>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(v) => set("password", v)}
        isRequired
        isInvalid={Boolean(errors.password)}
        errorMessage={errors.password}
      />
      <OneTimeCodeField
        label="Authentication code"
        name="otp"
        value={values.otp}
        onChange={(v) => set("otp", v)}
        isRequired
        isInvalid={Boolean(errors.otp)}
        errorMessage={errors.otp}
      />
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={disable.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="critical" isPending={disable.isPending}>
          Turn off
        </Button>
      </Inline>
    </form>
  );
}
