import type { LoginResponse, TwoFAState } from "@sentinel/api-client";
import { Button, Link, PasswordField, TextField } from "@sentinel/ui";
import { lazy, Suspense, useState } from "react";
import { Form } from "react-aria-components";
import { paths } from "../../../config/paths.ts";
import { useConfig, useStaticMode } from "../../../lib/ConfigContext.tsx";
import { useSessionStore } from "../../../lib/SessionContext.tsx";
import { useCompleteSignIn, useLogin } from "../api/auth.ts";
import { AuthCard } from "./AuthCard.tsx";
import * as styles from "./auth.css.ts";
import { BotCheck } from "./BotCheck.tsx";
import { emailProblem, required } from "./checks.ts";
import { useFormErrors } from "./errors.ts";
import { FormErrorMessage } from "./FormErrorMessage.tsx";
import { preloadTwoFactorSteps } from "./TwoFactorSteps.tsx";

// Static mode's demo list loads with the accounts it lists (it drew nothing until they arrived
// anyway), so a visitor's sign-in page does not carry it.
const DemoAccounts = lazy(async () => ({ default: (await import("./DemoAccounts.tsx")).DemoAccounts }));

export interface CredentialsStepProps {
  email: string;
  onEmailChange(email: string): void;
  onTwoFactor(state: Exclude<TwoFAState, "INACTIVE">): void;
}

export function CredentialsStep({ email, onEmailChange, onTwoFactor }: CredentialsStepProps) {
  const config = useConfig();
  const staticMode = useStaticMode();
  const store = useSessionStore();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const [password, setPassword] = useState("");
  const [isFinishing, setFinishing] = useState(false);
  const { fieldErrors, formError, check } = useFormErrors(login.error, { email, password }, (values) => ({
    email: emailProblem(values.email),
    password: required(values.password, "Enter your password."),
  }));

  async function submit() {
    // The answer may ask for a 2FA step: fetch its code while the request is in flight.
    preloadTwoFactorSteps();
    let result: LoginResponse | undefined;
    try {
      result = await login.mutateAsync({ body: { email: email.trim(), password } });
    } catch {
      return; // login.error carries it to the form.
    }
    if (!result) return;
    if (result.two_fa === "INACTIVE") {
      setFinishing(true);
      await completeSignIn(result);
      return;
    }
    store.setPendingToken(result.access);
    onTwoFactor(result.two_fa);
  }

  return (
    <AuthCard title="Sign in" description="Sign in to Sentinel with your work e-mail.">
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
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          isRequired
          value={email}
          onChange={onEmailChange}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          isRequired
          value={password}
          onChange={setPassword}
        />
        <div className={styles.linkRow}>
          <Link href={paths.auth_forgot_password.getHref()} routerOptions={{ state: { email } }}>
            Forgot password?
          </Link>
        </div>
        {config.botCheckSiteKey ? <BotCheck siteKey={config.botCheckSiteKey} /> : null}
        <Button type="submit" fullWidth isPending={login.isPending || isFinishing}>
          Sign in
        </Button>
        <p className={styles.footnote}>
          Lost your authenticator?{" "}
          <Link href={paths.auth_recover_authenticator.getHref()} routerOptions={{ state: { email } }}>
            Recover access
          </Link>
        </p>
      </Form>
      {staticMode ? (
        <Suspense fallback={null}>
          <DemoAccounts
            onPick={(account) => {
              onEmailChange(account.email);
              setPassword(account.password);
              login.reset();
            }}
          />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
