import { api } from "@sentinel/api-client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export interface PageArgs {
  page: number;
  pageSize: number;
}

export function useProducts({ page, pageSize }: PageArgs) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/product/", { params: { query: { page, page_size: pageSize } } }),
    placeholderData: keepPreviousData,
  });
}

/** The first 100 products (the API's page cap), for searching by name; the contract has no `search` here. */
export function useProductsForSearch(enabled: boolean) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/product/", { params: { query: { page: 1, page_size: 100 } } }),
    enabled,
  });
}

/** Company names for the staff's product list (the list is requested with page_size 100, spec §9). */
export function useCompanyNames(enabled: boolean) {
  return useQuery({
    ...api.queryOptions("/api/v1/company/", { params: { query: { page_size: 100 } } }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useProduct(id: number) {
  return useQuery(api.queryOptions("/api/v1/asset/product/{id}/", { params: { path: { id } } }));
}

type SectionArgs = PageArgs & { product: number; search: string; enabled: boolean };

const listOptions = { placeholderData: keepPreviousData } as const;

export function useExposureAssets({ product, page, pageSize, search, enabled }: SectionArgs) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/exposure-detection/", {
      params: { query: { product, page, page_size: pageSize, ...(search ? { search } : {}) } },
    }),
    ...listOptions,
    enabled,
  });
}

export function useThreatAssets({ product, page, pageSize, enabled }: SectionArgs) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/threat-inspection/", {
      params: { query: { product, page, page_size: pageSize } },
    }),
    ...listOptions,
    enabled,
  });
}

export function useNetworkAssets({ product, page, pageSize, search, enabled }: SectionArgs) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/networkva/", {
      params: { query: { product, page, page_size: pageSize, ...(search ? { search } : {}) } },
    }),
    ...listOptions,
    enabled,
  });
}

export function useWebAppAssets({ product, page, pageSize, enabled }: SectionArgs) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/webapp/", { params: { query: { product, page, page_size: pageSize } } }),
    ...listOptions,
    enabled,
  });
}

export function useSourceCodeAssets({ product, page, pageSize, enabled }: SectionArgs) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/sourcecode/", { params: { query: { product, page, page_size: pageSize } } }),
    ...listOptions,
    enabled,
  });
}
