import type { User } from "@sentinel/api-client";
import { Button, Dialog, Inline, Modal, TextField } from "@sentinel/ui";
import { type FormEvent, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useUpdateProfile } from "../api/account.ts";
import * as styles from "./profile.css.ts";

type Field = "first_name" | "last_name" | "phone_number";
const fields: readonly Field[] = ["first_name", "last_name", "phone_number"];

export interface EditProfileDialogProps {
  user: User;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onSaved?(user: User): void;
}

/** The signed-in user's own name and phone. The e-mail is the sign-in name and stays as it is. */
export function EditProfileDialog({ user, isOpen, onOpenChange, onSaved }: EditProfileDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Edit profile">
        {isOpen ? (
          <EditProfileForm
            user={user}
            onCancel={() => onOpenChange(false)}
            onSaved={(saved) => {
              onSaved?.(saved);
              onOpenChange(false);
            }}
          />
        ) : null}
      </Dialog>
    </Modal>
  );
}

function EditProfileForm({ user, onCancel, onSaved }: { user: User; onCancel(): void; onSaved(user: User): void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState("");
  const update = useUpdateProfile();
  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.first_name.trim()) found.first_name = "Enter your first name.";
    if (!values.last_name.trim()) found.last_name = "Enter your last name.";
    setErrors(found);
    setFormError("");
    if (Object.keys(found).length > 0) return;
    try {
      onSaved(
        await update.save({
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          phone_number: values.phone_number.trim() || null,
        }),
      );
    } catch (error) {
      // The draft stays in the fields, to correct or send again.
      const split = mapApiErrors(error, fields, "Your profile wasn't saved");
      setErrors(split.fields);
      setFormError(split.form ?? "");
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Edit profile">
      <div className={styles.formRow}>
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.first_name}
          onChange={(v) => set("first_name", v)}
          isRequired
          maxLength={150}
          isInvalid={Boolean(errors.first_name)}
          errorMessage={errors.first_name}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={values.last_name}
          onChange={(v) => set("last_name", v)}
          isRequired
          maxLength={150}
          isInvalid={Boolean(errors.last_name)}
          errorMessage={errors.last_name}
        />
      </div>
      <TextField
        label="E-mail"
        value={user.email}
        isReadOnly
        description="Your sign-in name; it can't be changed here."
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        value={values.phone_number}
        onChange={(v) => set("phone_number", v)}
        maxLength={32}
        description="Optional. Leave it empty to remove it."
        isInvalid={Boolean(errors.phone_number)}
        errorMessage={errors.phone_number}
      />
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={update.isPending}>
          Save profile
        </Button>
      </Inline>
    </form>
  );
}
