import type { Role, User } from "@sentinel/api-client";
import { Button, Dialog, Inline, Modal, Select, TextField } from "@sentinel/ui";
import { type FormEvent, useRef, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useCreateMember, useUpdateMember } from "../api/companies.ts";
import { isAssignableRole, memberName, memberRoleOptions } from "../members.ts";
import * as styles from "./companies.css.ts";

type Field = "first_name" | "last_name" | "email" | "phone_number" | "role";
const fieldNames: readonly Field[] = ["first_name", "last_name", "email", "phone_number", "role"];

export interface MemberFormDialogProps {
  companyId: number;
  /** The member to edit; `null` adds a new one. */
  member: User | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSaved?: (member: User) => void;
}

/** Add a member or edit one: name, phone and role (Admin, Analyst, Member). E-mail is fixed once set. */
export function MemberFormDialog({ companyId, member, isOpen, onOpenChange, onSaved }: MemberFormDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title={member ? `Edit ${memberName(member)}` : "Add member"}>
        {isOpen ? (
          <MemberForm
            companyId={companyId}
            member={member}
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

function MemberForm({
  companyId,
  member,
  onCancel,
  onSaved,
}: {
  companyId: number;
  member: User | null;
  onCancel: () => void;
  onSaved: (member: User) => void;
}) {
  const [values, setValues] = useState({
    first_name: member?.first_name ?? "",
    last_name: member?.last_name ?? "",
    email: member?.email ?? "",
    phone_number: member?.phone_number ?? "",
    role: (member && isAssignableRole(member.role) ? member.role : "CLIENT") as Exclude<Role, "SUPER_ADMIN">,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState("");
  const inFlight = useRef(false);
  const create = useCreateMember(companyId);
  const update = useUpdateMember(companyId);
  const isPending = create.isPending || update.isPending;
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const found: Partial<Record<Field, string>> = {};
    if (!values.first_name.trim()) found.first_name = "Enter a first name.";
    if (!values.last_name.trim()) found.last_name = "Enter a last name.";
    if (!member && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      found.email = "Enter a valid e-mail address.";
    setErrors(found);
    setFormError("");
    if (Object.keys(found).length > 0) return;
    inFlight.current = true;
    const common = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      phone_number: values.phone_number.trim() || null,
      role: values.role,
    };
    try {
      const saved = member
        ? await update.save(member.id, common)
        : await create.save({ ...common, email: values.email.trim() });
      onSaved(saved);
    } catch (error) {
      const split = mapApiErrors(error, fieldNames, member ? "Saving the member failed" : "Adding the member failed");
      setErrors(split.fields);
      setFormError(split.form ?? "");
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={member ? "Edit member" : "Add member"}>
      <div className={styles.formRow}>
        <TextField
          label="First name"
          value={values.first_name}
          onChange={(v) => set("first_name", v)}
          isRequired
          isInvalid={Boolean(errors.first_name)}
          errorMessage={errors.first_name}
        />
        <TextField
          label="Last name"
          value={values.last_name}
          onChange={(v) => set("last_name", v)}
          isRequired
          isInvalid={Boolean(errors.last_name)}
          errorMessage={errors.last_name}
        />
      </div>
      <TextField
        label="E-mail"
        type="email"
        value={values.email}
        onChange={(v) => set("email", v)}
        isRequired={!member}
        isReadOnly={Boolean(member)}
        description={
          member
            ? "The e-mail is the sign-in name and can't be changed here."
            : "We'll send an invitation to set a password."
        }
        isInvalid={Boolean(errors.email)}
        errorMessage={errors.email}
      />
      <TextField
        label="Phone number"
        type="tel"
        value={values.phone_number}
        onChange={(v) => set("phone_number", v)}
        isInvalid={Boolean(errors.phone_number)}
        errorMessage={errors.phone_number}
      />
      <Select
        label="Role"
        items={memberRoleOptions}
        value={values.role}
        onChange={(key) => {
          if (isAssignableRole(key)) set("role", key);
        }}
        isRequired
        isInvalid={Boolean(errors.role)}
        errorMessage={errors.role}
      />
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={isPending}>
          {member ? "Save changes" : "Add member"}
        </Button>
      </Inline>
    </form>
  );
}
