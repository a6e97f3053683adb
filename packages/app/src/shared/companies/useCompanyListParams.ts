import { useListParams } from "../../lib/useListParams.ts";
import { useCompanyFilter } from "./useCompanyFilter.ts";

/**
 * A list screen's URL state when staff can narrow it to one company: page, page size, search and
 * `?company=`, with the company filter that reads it.
 */
export function useCompanyListParams() {
  const [params, update] = useListParams({ filters: ["company"] });
  const filter = useCompanyFilter(params.filters.company);
  // Only staff open a company's twin route; a client's own records open on the plain one.
  const twinCompany = filter.staff ? filter.company : null;
  return { params, update, filter, twinCompany };
}

export type CompanyListParams = ReturnType<typeof useCompanyListParams>;
