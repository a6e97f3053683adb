import { api, apiQueryKey, type components, useApiMutation } from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { requireBody } from "../../../lib/requireBody.ts";

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

type Schemas = components["schemas"];

/**
 * Every read an asset write can change: the product list and page (their counts), and each asset list.
 * A write owns these updates, so a screen never refetches by hand.
 */
const assetReads = [
  "/api/v1/asset/product/",
  "/api/v1/asset/product/{id}/",
  "/api/v1/asset/sourcecode/",
  "/api/v1/asset/webapp/",
  "/api/v1/asset/threat-inspection/",
  "/api/v1/asset/networkva/",
  "/api/v1/asset/exposure-detection/",
] as const;

function useInvalidateAssets() {
  const queryClient = useQueryClient();
  return () => Promise.all(assetReads.map((path) => queryClient.invalidateQueries({ queryKey: apiQueryKey(path) })));
}

export function useCreateProduct() {
  const invalidate = useInvalidateAssets();
  const mutation = useApiMutation("post", "/api/v1/asset/product/", { onSuccess: invalidate });
  return { ...mutation, save: (body: Schemas["ProductCreate"]) => requireBody(mutation.mutateAsync({ body })) };
}

export function useUpdateProduct(id: number) {
  const invalidate = useInvalidateAssets();
  const mutation = useApiMutation("patch", "/api/v1/asset/product/{id}/", { onSuccess: invalidate });
  return {
    ...mutation,
    save: (body: Schemas["ProductUpdate"]) => requireBody(mutation.mutateAsync({ params: { path: { id } }, body })),
  };
}

export function useRemoveProduct() {
  const invalidate = useInvalidateAssets();
  const mutation = useApiMutation("delete", "/api/v1/asset/product/{id}/", { onSuccess: invalidate });
  return { ...mutation, remove: (id: number) => mutation.mutateAsync({ params: { path: { id } } }) };
}

/** The asset kinds a client adds by hand; threat inspection assets come from purchases. */
export type EditableKind = "network" | "application" | "source-code" | "exposure-detection";

export type AssetBody = {
  network: Schemas["NetworkAssetCreate"];
  application: Schemas["WebAppAssetCreate"];
  "source-code": Schemas["SourceCodeAssetCreate"];
  "exposure-detection": Schemas["ExposureAssetCreate"];
};

/** Add, edit and remove of one kind; each invalidates the lists and counts it changes. */
export function useAssetWrites(kind: EditableKind) {
  const invalidate = useInvalidateAssets();
  const options = { onSuccess: invalidate };
  const writes = {
    network: {
      create: useApiMutation("post", "/api/v1/asset/networkva/", options),
      update: useApiMutation("patch", "/api/v1/asset/networkva/{id}/", options),
      remove: useApiMutation("delete", "/api/v1/asset/networkva/{id}/", options),
    },
    application: {
      create: useApiMutation("post", "/api/v1/asset/webapp/", options),
      update: useApiMutation("patch", "/api/v1/asset/webapp/{id}/", options),
      remove: useApiMutation("delete", "/api/v1/asset/webapp/{id}/", options),
    },
    "source-code": {
      create: useApiMutation("post", "/api/v1/asset/sourcecode/", options),
      update: useApiMutation("patch", "/api/v1/asset/sourcecode/{id}/", options),
      remove: useApiMutation("delete", "/api/v1/asset/sourcecode/{id}/", options),
    },
    "exposure-detection": {
      create: useApiMutation("post", "/api/v1/asset/exposure-detection/", options),
      update: useApiMutation("patch", "/api/v1/asset/exposure-detection/{id}/", options),
      remove: useApiMutation("delete", "/api/v1/asset/exposure-detection/{id}/", options),
    },
  };
  const chosen = writes[kind];
  return {
    isPending: chosen.create.isPending || chosen.update.isPending || chosen.remove.isPending,
    // The body was built for `kind`; the union of the four mutations cannot see that.
    create: (body: AssetBody[EditableKind]) =>
      requireBody((chosen.create.mutateAsync as (init: { body: unknown }) => Promise<unknown>)({ body })),
    update: (id: number, body: Partial<AssetBody[EditableKind]>) =>
      requireBody(
        (chosen.update.mutateAsync as (init: { params: { path: { id: number } }; body: unknown }) => Promise<unknown>)({
          params: { path: { id } },
          body,
        }),
      ),
    remove: (id: number) =>
      (chosen.remove.mutateAsync as (init: { params: { path: { id: number } } }) => Promise<unknown>)({
        params: { path: { id } },
      }),
  };
}
