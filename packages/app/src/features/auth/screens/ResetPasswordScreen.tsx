import { Button, Link, PasswordField } from "@sentinel/ui";
import { useState } from "react";
import { Form } from "react-aria-components";
import { useParams } from "react-router";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useResetPassword } from "../api/auth.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import * as styles from "../components/auth.css.ts";
import { required } from "../components/checks.ts";
import { useFormErrors } from "../components/errors.ts";
import { FormErrorMessage } from "../components/FormErrorMessage.tsx";

export function ResetPasswordScreen() {
  usePageMeta({ title: "Reset password" });
  const { token = "" } = useParams();
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  // The token is not a field of this form: an expired link is a form error, with a way out.
  const { fieldErrors, formError, check } = useFormErrors(
    reset.error,
    { password, password_confirm: confirm },
    (values) => ({
      password: required(values.password, "Enter a new password."),
      password_confirm:
        required(values.password_confirm, "Enter the new password again.") ??
        (values.password_confirm !== values.password ? "The passwords do not match." : undefined),
    }),
  );

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed" focusOnMount>
        <p className={styles.success} role="status">
          {reset.data?.detail ?? "Your password has been changed. Sign in with the new one."}
        </p>
        <Link href={paths.auth_login.getHref()}>Sign in</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" description="Choose a new password for your account.">
      <Form
        className={styles.form}
        validationBehavior="aria"
        validationErrors={fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          if (!check(event.currentTarget)) return;
          reset.mutate({ body: { token, password, password_confirm: confirm } });
        }}
      >
        <FormErrorMessage message={formError} />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          isRequired
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          label="Confirm new password"
          name="password_confirm"
          autoComplete="new-password"
          isRequired
          value={confirm}
          onChange={setConfirm}
        />
        <Button type="submit" fullWidth isPending={reset.isPending}>
          Set new password
        </Button>
        {formError ? <Link href={paths.auth_forgot_password.getHref()}>Request a new reset link</Link> : null}
        <Link href={paths.auth_login.getHref()}>Back to sign in</Link>
      </Form>
    </AuthCard>
  );
}
