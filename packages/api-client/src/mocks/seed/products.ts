import type { DbProduct } from "../db-types.ts";
import { DEMO_COMPANY_ID, type SeedContext, takeId } from "./context.ts";
import { PRODUCT_PREFIXES, PRODUCT_SUFFIXES } from "./names.ts";

/** Each company's products (the demo company enough to page); every asset belongs to one. */
export function addProducts(ctx: SeedContext): void {
  const { rng, db, ago } = ctx;
  for (const company of db.companies) {
    const count = company.id === DEMO_COMPANY_ID ? 32 : rng.int(4, 6);
    const names = new Set<string>();
    while (names.size < count) names.add(`${rng.pick(PRODUCT_PREFIXES)} ${rng.pick(PRODUCT_SUFFIXES)}`);
    for (const name of names) {
      const created = rng.int(30, 600);
      const product: DbProduct = {
        id: takeId(db, "products"),
        name,
        company_id: company.id,
        created_at: ago(created),
        updated_at: ago(rng.int(0, created)),
      };
      db.products.push(product);
    }
  }
}

/** Spreads assets over the products: the first few go to distinct products, so product 1 has every kind. */
export const productPicker = ({ rng, db }: SeedContext, companyId: number) => {
  const list = db.products.filter((p) => p.company_id === companyId);
  let n = 0;
  return () => {
    const p = n < list.length ? list[n] : rng.pick(list);
    n++;
    return p as DbProduct;
  };
};
