import { Button, Link, PasswordField, TextField } from "@sentinel/ui";
import { useState } from "react";
import { Form } from "react-aria-components";
import { useLocation } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useConfig } from "../../../lib/ConfigContext.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useRecoverAuthenticator } from "../api/auth.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import * as styles from "../components/auth.css.ts";
import { BotCheck } from "../components/BotCheck.tsx";
import { emailProblem, required } from "../components/checks.ts";
import { emailFromState } from "../components/emailFromState.ts";
import { useFormErrors } from "../components/errors.ts";
import { FormErrorMessage } from "../components/FormErrorMessage.tsx";

export function RecoverAuthenticatorScreen() {
  usePageMeta({ title: "Recover authenticator" });
  const config = useConfig();
  const recover = useRecoverAuthenticator();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [password, setPassword] = useState("");
  const { fieldErrors, formError, check } = useFormErrors(recover.error, { email, password }, (values) => ({
    email: emailProblem(values.email),
    password: required(values.password, "Enter your password."),
  }));

  if (recover.isSuccess) {
    return (
      <AuthCard title="Check your e-mail" focusOnMount>
        <p className={styles.success} role="status">
          {recover.data?.detail ??
            "If the details are right, we sent a confirmation link. After you confirm, your next sign-in sets up a new authenticator."}
        </p>
        <Link href={paths.auth_login.getHref()}>Back to sign in</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Recover authenticator"
      description="Lost the phone with your authenticator app? Confirm your e-mail and password, and we will send a link to set up a new one."
    >
      <Form
        className={styles.form}
        validationBehavior="aria"
        validationErrors={fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          if (!check(event.currentTarget)) return;
          recover.mutate({ body: { email: email.trim(), password } });
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
          onChange={setEmail}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          isRequired
          value={password}
          onChange={setPassword}
        />
        {config.botCheckSiteKey ? <BotCheck siteKey={config.botCheckSiteKey} /> : null}
        <Button type="submit" fullWidth isPending={recover.isPending}>
          Send recovery link
        </Button>
        <Link href={paths.auth_login.getHref()}>Back to sign in</Link>
      </Form>
    </AuthCard>
  );
}
