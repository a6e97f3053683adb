import type { ExposureAsset, NetworkAsset, SourceCodeAsset, WebAppAsset } from "@sentinel/api-client";
import { Button, Dialog, Inline, Modal, Select, TextField } from "@sentinel/ui";
import { type FormEvent, useRef, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { type AssetBody, type EditableKind, useAssetWrites } from "../api/assets.ts";
import * as styles from "./assets.css.ts";

/** A row of one of the editable lists. */
export type EditableAsset = NetworkAsset | WebAppAsset | SourceCodeAsset | ExposureAsset;

interface FieldSpec {
  /** The API's field name, so its errors land on the field. */
  name: string;
  label: string;
  description?: string;
  type?: "url";
  options?: ReadonlyArray<{ id: string; label: string }>;
}

/** What each kind asks for, and what the dialog calls one of it. */
export const kindForms: Readonly<Record<EditableKind, { noun: string; fields: readonly FieldSpec[] }>> = {
  network: {
    noun: "network asset",
    fields: [
      {
        name: "target",
        label: "IP address or range",
        description:
          "One address (IPv4 or IPv6), a CIDR block such as 192.0.2.0/24, or a range such as 192.0.2.10-192.0.2.20.",
      },
    ],
  },
  application: {
    noun: "web application",
    fields: [
      { name: "application_name", label: "Name" },
      {
        name: "url",
        label: "URL",
        type: "url",
        description: "The address scans start from, such as https://shop.example.com. No user name or password.",
      },
    ],
  },
  "source-code": {
    noun: "repository",
    fields: [
      {
        name: "git_provider",
        label: "Git provider",
        options: [
          { id: "GITHUB", label: "GitHub" },
          { id: "GITLAB", label: "GitLab" },
          { id: "BITBUCKET", label: "Bitbucket" },
          { id: "AZURE_DEVOPS", label: "Azure DevOps" },
        ],
      },
      {
        name: "repository_url",
        label: "Clone URL",
        description: "https or ssh, such as https://github.com/owner/repo.git or git@github.com:owner/repo.git.",
      },
      { name: "branch", label: "Branches", description: "The branches to scan, separated by commas." },
    ],
  },
  "exposure-detection": {
    noun: "domain",
    fields: [{ name: "name", label: "Domain", description: "The domain alone, such as example.com." }],
  },
};

/** The form's text for each field of an existing asset. */
function valuesOf(kind: EditableKind, asset: EditableAsset | null): Record<string, string> {
  if (!asset) return kind === "source-code" ? { git_provider: "GITHUB" } : {};
  switch (kind) {
    case "network":
      return { target: (asset as NetworkAsset).target };
    case "application":
      return { application_name: (asset as WebAppAsset).application_name, url: (asset as WebAppAsset).url };
    case "source-code": {
      const repo = asset as SourceCodeAsset;
      return { git_provider: repo.git_provider, repository_url: repo.repository_url, branch: repo.branch.join(", ") };
    }
    case "exposure-detection":
      return { name: (asset as ExposureAsset).name };
  }
}

/** The request body from the form's text; branches are a list on the wire. */
function bodyOf(kind: EditableKind, values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of kindForms[kind].fields) {
    const raw = values[field.name] ?? "";
    out[field.name] =
      field.name === "branch"
        ? raw
            .split(",")
            .map((b) => b.trim())
            .filter(Boolean)
        : raw.trim();
  }
  return out;
}

export interface AssetFormDialogProps {
  kind: EditableKind;
  product: number;
  /** The asset to edit; `null` adds one. */
  asset: EditableAsset | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Adds an asset of one kind to a product, or edits one: the fields of that kind, the server's rules
 * (its field errors show on their fields), and nothing typed lost when a send is refused.
 */
export function AssetFormDialog({ kind, product, asset, isOpen, onOpenChange }: AssetFormDialogProps) {
  const { noun } = kindForms[kind];
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title={asset ? `Edit ${noun}` : `Add ${noun}`}>
        {isOpen ? <AssetForm kind={kind} product={product} asset={asset} onDone={() => onOpenChange(false)} /> : null}
      </Dialog>
    </Modal>
  );
}

function AssetForm({
  kind,
  product,
  asset,
  onDone,
}: {
  kind: EditableKind;
  product: number;
  asset: EditableAsset | null;
  onDone: () => void;
}) {
  const { noun, fields } = kindForms[kind];
  const [values, setValues] = useState(() => valuesOf(kind, asset));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState("");
  const inFlight = useRef(false);
  const writes = useAssetWrites(kind);
  const names = fields.map((f) => f.name);

  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A field's message answers the value it was given for.
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError("");
    const blank = Object.fromEntries(
      fields.filter((f) => !(values[f.name] ?? "").trim()).map((f) => [f.name, `Enter the ${f.label.toLowerCase()}.`]),
    );
    setErrors(blank);
    if (Object.keys(blank).length > 0) return;
    inFlight.current = true;
    const body = bodyOf(kind, values);
    try {
      if (asset) await writes.update(asset.id, body as Partial<AssetBody[EditableKind]>);
      else await writes.create({ product, ...body } as AssetBody[EditableKind]);
      onDone();
    } catch (caught) {
      const split = mapApiErrors(caught, names, asset ? `The ${noun} wasn't saved` : `The ${noun} wasn't added`);
      setErrors(split.fields);
      setFormError(split.form ?? "");
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={asset ? `Edit ${noun}` : `Add ${noun}`}>
      {fields.map((field, index) =>
        field.options ? (
          <Select
            key={field.name}
            label={field.label}
            items={field.options}
            selectedKey={values[field.name] ?? null}
            onSelectionChange={(key) => set(field.name, String(key))}
            isRequired
            isInvalid={Boolean(errors[field.name])}
            errorMessage={errors[field.name]}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            description={field.description}
            value={values[field.name] ?? ""}
            onChange={(value) => set(field.name, value)}
            isRequired
            isInvalid={Boolean(errors[field.name])}
            errorMessage={errors[field.name]}
            autoFocus={index === 0}
            {...(field.type ? { type: field.type } : {})}
          />
        ),
      )}
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onDone} isDisabled={writes.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={writes.isPending}>
          {asset ? "Save changes" : `Add ${noun}`}
        </Button>
      </Inline>
    </form>
  );
}
