import type { Company } from "@sentinel/api-client";
import { Button, Dialog, Inline, Modal, TextArea, TextField } from "@sentinel/ui";
import { type FormEvent, useRef, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useCreateCompany, useUpdateCompany } from "../api/companies.ts";
import * as styles from "./companies.css.ts";

type Field = "name" | "email" | "description";
const fieldNames: readonly Field[] = ["name", "email", "description"];

export interface CompanyFormDialogProps {
  /** The company to edit; `null` creates one. */
  company: Company | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSaved?: (company: Company) => void;
}

export function CompanyFormDialog({ company, isOpen, onOpenChange, onSaved }: CompanyFormDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title={company ? `Edit ${company.name}` : "New company"}>
        {isOpen ? (
          <CompanyForm
            company={company}
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

function CompanyForm({
  company,
  onCancel,
  onSaved,
}: {
  company: Company | null;
  onCancel: () => void;
  onSaved: (company: Company) => void;
}) {
  const [values, setValues] = useState({
    name: company?.name ?? "",
    email: company?.email ?? "",
    description: company?.description ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState("");
  const inFlight = useRef(false);
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.id ?? 0);
  const isPending = create.isPending || update.isPending;
  const set = (key: Field, value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const found: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) found.name = "Enter the company name.";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = "Enter a valid e-mail address.";
    setErrors(found);
    setFormError("");
    if (Object.keys(found).length > 0) return;
    inFlight.current = true;
    const body = {
      name: values.name.trim(),
      email: values.email.trim(),
      description: values.description.trim() || null,
    };
    try {
      onSaved(company ? await update.save(body) : await create.save(body));
    } catch (error) {
      const split = mapApiErrors(
        error,
        fieldNames,
        company ? "Saving the company failed" : "Creating the company failed",
      );
      setErrors(split.fields);
      setFormError(split.form ?? "");
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={company ? "Edit company" : "New company"}>
      <TextField
        label="Name"
        value={values.name}
        onChange={(v) => set("name", v)}
        isRequired
        isInvalid={Boolean(errors.name)}
        errorMessage={errors.name}
      />
      <TextField
        label="E-mail"
        type="email"
        value={values.email}
        onChange={(v) => set("email", v)}
        isRequired
        isInvalid={Boolean(errors.email)}
        errorMessage={errors.email}
      />
      <TextArea
        label="Description"
        value={values.description}
        onChange={(v) => set("description", v)}
        rows={3}
        isInvalid={Boolean(errors.description)}
        errorMessage={errors.description}
      />
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={isPending}>
          {company ? "Save changes" : "Create company"}
        </Button>
      </Inline>
    </form>
  );
}
