import type { GitProvider, SourceCodeApplication } from "@sentinel/api-client";
import { Button, ComboBox, Dialog, Modal, Radio, RadioGroup } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { Form } from "react-aria-components";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useAddRepository, useSourceCodeAssets } from "../api/sourceCode.ts";
import { gitProviderLabels, gitProviders, isSelectableProvider } from "./providers.ts";
import * as styles from "./sourceCode.css.ts";

export interface AddRepositoryDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the registered repository (its first scan is queued). */
  onAdded: (repository: SourceCodeApplication) => void;
}

/**
 * Registers a source code asset for scanning (`POST /sourcecode/applications/` with `asset`).
 * GitHub is the only provider that can be chosen; the others are listed, disabled, as not yet
 * available. Repositories already registered stay in the list, disabled, so users see why.
 */
export function AddRepositoryDialog({ isOpen, onClose, onAdded }: AddRepositoryDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      {isOpen ? <AddRepositoryForm onClose={onClose} onAdded={onAdded} /> : null}
    </Modal>
  );
}

function AddRepositoryForm({ onClose, onAdded }: Omit<AddRepositoryDialogProps, "isOpen">) {
  const [provider, setProvider] = useState<GitProvider>("GITHUB");
  const [asset, setAsset] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ asset?: string; form?: string }>({});
  const assets = useSourceCodeAssets(true);
  const mutation = useAddRepository();
  const formId = useId();

  const items = (assets.data?.results ?? [])
    .filter((a) => a.git_provider === provider)
    .map((a) => ({
      id: a.id,
      label: `${a.username}/${a.repository_name}`,
      description: a.registered ? `${a.product.name} · already registered` : a.product.name,
      isDisabled: a.registered,
    }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (asset === null) {
      setErrors({ asset: "Choose the repository to scan." });
      return;
    }
    setErrors({});
    try {
      const created = await mutation.mutateAsync({ body: { asset } });
      if (created) onAdded(created);
      onClose();
    } catch (error) {
      const mapped = mapApiErrors(error, ["asset"], "The repository was not added", { asset: "Repository" });
      setErrors({ ...mapped.fields, ...(mapped.form ? { form: mapped.form } : {}) });
    }
  }

  return (
    <Dialog
      title="Add repository"
      actions={
        <>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={mutation.isPending} pendingLabel="Adding the repository">
            Add repository
          </Button>
        </>
      }
    >
      <Form id={formId} validationBehavior="aria" className={styles.dialogForm} onSubmit={handleSubmit}>
        <RadioGroup
          label="Git provider"
          value={provider}
          onChange={(value) => {
            const next = gitProviders.find((p) => p === value);
            if (next && isSelectableProvider(next)) {
              setProvider(next);
              setAsset(null);
            }
          }}
        >
          {gitProviders.map((p) => (
            <Radio
              key={p}
              value={p}
              isDisabled={!isSelectableProvider(p)}
              description={isSelectableProvider(p) ? undefined : "Not yet available"}
            >
              {gitProviderLabels[p]}
            </Radio>
          ))}
        </RadioGroup>
        <ComboBox
          label="Repository"
          placeholder={assets.isPending ? "Loading repositories…" : "Search your repositories"}
          items={items}
          selectedKey={asset}
          onSelectionChange={(key) => {
            setAsset(typeof key === "number" ? key : key === null ? null : Number(key));
            setErrors({});
          }}
          isRequired
          isDisabled={assets.isPending}
          isInvalid={Boolean(errors.asset) || assets.isError}
          errorMessage={assets.isError ? "We couldn't load your repositories. Close and try again." : errors.asset}
          emptyText="No repositories match."
          description="Repositories come from your asset inventory."
        />
        {errors.form ? (
          <p role="alert" className={styles.formError}>
            {errors.form}
          </p>
        ) : null}
      </Form>
    </Dialog>
  );
}
