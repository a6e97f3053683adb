import { ComboBox } from "@sentinel/ui";
import { useEffect, useState } from "react";
import { searchDebounceMs } from "../../../lib/useSearchText.ts";
import { useFindingProduct, useFindingProducts } from "../api/findings.ts";

const allProducts = "all";
const allProductsLabel = "All products";

export interface ProductFilterProps {
  /** Staff's chosen company, which the products are listed for; a client's are their own. */
  company: number | undefined;
  /** The filtered product's id; undefined for every product. */
  value: number | undefined;
  onChange(product: number | undefined): void;
}

/**
 * The /findings product filter: a combo box that asks the API for the products whose name holds
 * what the user types, so a company with any number of products can filter by each of them (a
 * list of the first page could not reach the rest). The chosen product shows by name, also when a
 * shared link names one that is not among the listed.
 */
export function ProductFilter({ company, value, onChange }: ProductFilterProps) {
  // What the user is typing; null while the field shows the chosen product.
  const [typed, setTyped] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  // The last pick's name, so the field names it at once rather than after the product is fetched.
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  useEffect(() => {
    if (typed === null) return;
    const timer = setTimeout(() => setSearch(typed.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const products = useFindingProducts(company, search);
  const chosen = useFindingProduct(value);
  const listed = (products.data?.results ?? []).map((product) => ({ id: String(product.id), label: product.name }));
  const chosenLabel =
    value === undefined
      ? allProductsLabel
      : picked?.id === String(value)
        ? picked.label
        : (listed.find((option) => option.id === String(value))?.label ?? chosen.data?.name ?? `Product #${value}`);
  const items = [
    { id: allProducts, label: allProductsLabel },
    // The chosen product stays an option, so the field can name it whatever the list holds now.
    ...(value !== undefined && !listed.some((option) => option.id === String(value))
      ? [{ id: String(value), label: chosenLabel }]
      : []),
    ...listed,
  ];

  // Once the URL has the pick, the field stops being a search and shows the pick (the same text, so
  // the list does not open again: react-aria opens it when a focused field's text changes).
  useEffect(() => {
    if (typed === null || typed !== chosenLabel) return;
    setTyped(null);
    setSearch("");
  }, [typed, chosenLabel]);

  return (
    <ComboBox
      label="Product"
      items={items}
      selectedKey={value === undefined ? allProducts : String(value)}
      inputValue={typed ?? chosenLabel}
      onInputChange={setTyped}
      onSelectionChange={(key) => {
        if (key === null) return;
        const label = items.find((option) => option.id === key)?.label ?? "";
        setPicked({ id: String(key), label });
        // Held as typed until the URL has the pick, so the text does not change on the way.
        setTyped(label);
        onChange(key === allProducts ? undefined : Number(key));
      }}
      emptyText={products.isFetching ? "Searching…" : "No product has this name"}
      {...(products.isError ? { description: "The product list could not be loaded." } : {})}
    />
  );
}
