import { type ApiError, api } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import type { TwinOwner } from "./twinRoute.ts";

/** The parts of a query result an owner is read from. */
interface RecordQuery<T> {
  readonly data: T | undefined;
  readonly error: ApiError | null;
  refetch(): unknown;
}

const pending: TwinOwner = { status: "pending" };

/** The owner of a loaded record that names its company. */
export function ownerOf<T>(query: RecordQuery<T>, companyOf: (record: T) => number): TwinOwner {
  if (query.error) {
    const { error } = query;
    return { status: "error", error, retry: () => void query.refetch() };
  }
  return query.data === undefined ? pending : { status: "success", companyId: companyOf(query.data) };
}

/**
 * The owner of a loaded record that names its product (web applications, repositories): the
 * product's company. The product call is the asset inventory's, so it is often cached already.
 */
export function useOwnerByProduct<T>(query: RecordQuery<T>, productOf: (record: T) => number): TwinOwner {
  const productId = query.data === undefined ? undefined : productOf(query.data);
  const product = useQuery({
    ...api.queryOptions("/api/v1/asset/product/{id}/", { params: { path: { id: productId ?? 0 } } }),
    // Until the record is in, there is no product to ask for; the owner is pending meanwhile.
    enabled: productId !== undefined,
  });
  // No product yet: the record itself is still loading, or failed.
  if (productId === undefined) return ownerOf(query, () => Number.NaN);
  return ownerOf(product, (p) => p.company);
}
