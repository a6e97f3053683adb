import type { Product } from "@sentinel/api-client";
import { Button, Dialog, Inline, Modal, TextField } from "@sentinel/ui";
import { type FormEvent, useRef, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useCreateProduct, useUpdateProduct } from "../api/assets.ts";
import * as styles from "./assets.css.ts";

export interface ProductFormDialogProps {
  /** The product to rename; `null` adds one. */
  product: Product | null;
  /** The company a new product joins: a super admin's chosen company, `undefined` for a client's own. */
  company?: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSaved?: (product: Product) => void;
}

/** Adds a product, or renames one. A refused send keeps the name typed, with the server's reason beside it. */
export function ProductFormDialog({ product, company, isOpen, onOpenChange, onSaved }: ProductFormDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title={product ? `Rename ${product.name}` : "Add product"}>
        {isOpen ? (
          <ProductForm
            product={product}
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

function ProductForm({
  product,
  company,
  onCancel,
  onSaved,
}: {
  product: Product | null;
  company: number | undefined;
  onCancel: () => void;
  onSaved: (product: Product) => void;
}) {
  const [name, setName] = useState(product?.name ?? "");
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState("");
  const inFlight = useRef(false);
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);
  const isPending = create.isPending || update.isPending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError("");
    if (!name.trim()) {
      setError("Enter the product's name.");
      return;
    }
    setError(undefined);
    inFlight.current = true;
    try {
      onSaved(
        product
          ? await update.save({ name: name.trim() })
          : await create.save({ name: name.trim(), ...(company === undefined ? {} : { company }) }),
      );
    } catch (caught) {
      const split = mapApiErrors(caught, ["name"], product ? "The product wasn't renamed" : "The product wasn't added");
      setError(split.fields.name);
      setFormError(split.form ?? "");
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={product ? "Rename product" : "Add product"}>
      <TextField
        label="Name"
        value={name}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        isRequired
        isInvalid={Boolean(error)}
        errorMessage={error}
        autoFocus
      />
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={isPending}>
          {product ? "Save name" : "Add product"}
        </Button>
      </Inline>
    </form>
  );
}
