import { api } from "@sentinel/api-client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export interface PageArgs {
  page: number;
  pageSize: number;
}

const byCompany = (company: number | null) => (company !== null ? { company } : {});

/** `company` narrows staff's list to one company (null: every company they may see). */
export function useProducts({ page, pageSize, company }: PageArgs & { company: number | null }) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/product/", {
      params: { query: { page, page_size: pageSize, ...byCompany(company) } },
    }),
    placeholderData: keepPreviousData,
  });
}

/** The first 100 products (the API's page cap), for searching by name; the contract has no `search` here. */
export function useProductsForSearch(enabled: boolean, company: number | null) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/product/", {
      params: { query: { page: 1, page_size: 100, ...byCompany(company) } },
    }),
    enabled,
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
