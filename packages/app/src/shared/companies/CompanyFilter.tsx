import { Select } from "@sentinel/ui";
import type { CompanyFilterState } from "./useCompanyFilter.ts";

const all = "all";

export interface CompanyFilterProps {
  filter: CompanyFilterState;
  /** The chosen company as the URL's `company` value (its id), or null for all companies. */
  onChange: (company: string | null) => void;
}

/** The staff lists' company picker; the list resets to page 1 when it changes (the URL helper does that). */
export function CompanyFilter({ filter, onChange }: CompanyFilterProps) {
  const { company, companies } = filter;
  const options = (companies.data?.results ?? []).map((c) => ({ id: String(c.id), label: c.name }));
  // A shared link may name a company beyond the first 100; it stays selectable instead of vanishing.
  if (company !== null && !options.some((o) => o.id === String(company))) {
    options.push({ id: String(company), label: `Company #${company}` });
  }
  return (
    <Select
      label="Company"
      items={[{ id: all, label: "All companies" }, ...options]}
      value={company === null ? all : String(company)}
      isDisabled={companies.isPending}
      onChange={(key) => onChange(key === all || key === null ? null : String(key))}
      {...(companies.isError ? { description: "The company list could not be loaded." } : {})}
    />
  );
}
