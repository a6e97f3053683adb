import { UntrustedText } from "@sentinel/ui";
import { useCompanyList } from "./useCompanyFilter.ts";

/**
 * A company's name for a row that holds only its id (a product). A cell of its own, so the name
 * appears when the company list answers, whenever the table built its columns.
 */
export function CompanyName({ id }: { id: number }) {
  const companies = useCompanyList(true);
  const name = companies.data?.results.find((c) => c.id === id)?.name;
  return <UntrustedText>{name ?? `Company #${id}`}</UntrustedText>;
}
