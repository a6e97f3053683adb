import { Button, Dialog, Inline, Modal, PasswordField } from "@sentinel/ui";
import { type FormEvent, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useChangePassword } from "../api/account.ts";
import * as styles from "./profile.css.ts";

type Field = "current_password" | "password" | "password_confirm";
const fields: readonly Field[] = ["current_password", "password", "password_confirm"];

/** The server's rule (the same as a reset's): checked here first so the common mistake is caught at once. */
const MIN_LENGTH = 8;
const MAX_LENGTH = 128;

export interface ChangePasswordDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The server's confirmation, e.g. that other sessions were signed out. */
  onChanged?(detail: string): void;
}

export function ChangePasswordDialog({ isOpen, onOpenChange, onChanged }: ChangePasswordDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Change password">
        {isOpen ? (
          <ChangePasswordForm
            onCancel={() => onOpenChange(false)}
            onChanged={(detail) => {
              onChanged?.(detail);
              onOpenChange(false);
            }}
          />
        ) : null}
      </Dialog>
    </Modal>
  );
}

/** Why the new password cannot be sent, or undefined when it can. */
export function newPasswordProblem(password: string): string | undefined {
  if (!password) return "Enter a new password.";
  if (password.length < MIN_LENGTH) return `Use at least ${MIN_LENGTH} characters.`;
  if (password.length > MAX_LENGTH) return `Use at most ${MAX_LENGTH} characters.`;
  return undefined;
}

function ChangePasswordForm({ onCancel, onChanged }: { onCancel(): void; onChanged(detail: string): void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: "",
    password: "",
    password_confirm: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState("");
  const change = useChangePassword();
  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.current_password) found.current_password = "Enter your current password.";
    const weak = newPasswordProblem(values.password);
    if (weak) found.password = weak;
    else if (values.password === values.current_password) {
      found.password = "Choose a password different from your current one.";
    }
    if (!values.password_confirm) found.password_confirm = "Enter the new password again.";
    else if (values.password_confirm !== values.password) found.password_confirm = "The passwords do not match.";
    setErrors(found);
    setFormError("");
    if (Object.keys(found).length > 0) return;
    try {
      onChanged((await change.save(values)).detail);
    } catch (error) {
      const split = mapApiErrors(error, fields, "Your password wasn't changed");
      setErrors(split.fields);
      setFormError(split.form ?? "");
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Change password">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={(v) => set("current_password", v)}
        isRequired
        isInvalid={Boolean(errors.current_password)}
        errorMessage={errors.current_password}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={values.password}
        onChange={(v) => set("password", v)}
        isRequired
        description={`${MIN_LENGTH} to ${MAX_LENGTH} characters.`}
        isInvalid={Boolean(errors.password)}
        errorMessage={errors.password}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={values.password_confirm}
        onChange={(v) => set("password_confirm", v)}
        isRequired
        isInvalid={Boolean(errors.password_confirm)}
        errorMessage={errors.password_confirm}
      />
      <p className={styles.muted}>Your other sessions will be signed out; this one stays signed in.</p>
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={change.isPending}>
          Change password
        </Button>
      </Inline>
    </form>
  );
}
