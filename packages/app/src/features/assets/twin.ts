import { paths } from "../../config/paths.ts";
import { ownerOf } from "../../lib/twinOwner.ts";
import type { TwinRecord } from "../../lib/twinRoute.ts";
import { useIdParam } from "../../lib/useIdParam.ts";
import { useProduct } from "./api/assets.ts";

/** The asset twins show one product's assets. */
export const productTwin: TwinRecord = {
  noun: "product",
  back: { label: "Assets", href: paths.asset_inventory.getHref() },
  useOwner: () => ownerOf(useProduct(useIdParam("id") ?? 0), (product) => product.company),
};
