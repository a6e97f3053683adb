import { Button, Link, TextField } from "@sentinel/ui";
import { useState } from "react";
import { Form } from "react-aria-components";
import { useLocation } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useConfig } from "../../../lib/ConfigContext.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useForgotPassword } from "../api/auth.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import * as styles from "../components/auth.css.ts";
import { BotCheck } from "../components/BotCheck.tsx";
import { emailProblem } from "../components/checks.ts";
import { emailFromState } from "../components/emailFromState.ts";
import { useFormErrors } from "../components/errors.ts";
import { FormErrorMessage } from "../components/FormErrorMessage.tsx";

export function ForgotPasswordScreen() {
  usePageMeta({ title: "Forgot password" });
  const config = useConfig();
  const forgot = useForgotPassword();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const { fieldErrors, formError, check } = useFormErrors(forgot.error, { email }, (values) => ({
    email: emailProblem(values.email),
  }));

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Check your e-mail" focusOnMount>
        <p className={styles.success} role="status">
          {forgot.data?.detail ?? "If an account exists for that address, we sent a link to reset its password."}
        </p>
        <Link href={paths.auth_login.getHref()}>Back to sign in</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password"
      description="Enter your e-mail and we will send you a link to set a new password."
    >
      <Form
        className={styles.form}
        validationBehavior="aria"
        validationErrors={fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          if (!check(event.currentTarget)) return;
          forgot.mutate({ body: { email: email.trim() } });
        }}
      >
        <FormErrorMessage message={formError} />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          isRequired
          value={email}
          onChange={setEmail}
        />
        {config.botCheckSiteKey ? <BotCheck siteKey={config.botCheckSiteKey} /> : null}
        <Button type="submit" fullWidth isPending={forgot.isPending}>
          Send reset link
        </Button>
        <Link href={paths.auth_login.getHref()}>Back to sign in</Link>
      </Form>
    </AuthCard>
  );
}
