import { paths } from "../../config/paths.ts";
import { useOwnerByProduct } from "../../lib/twinOwner.ts";
import type { TwinRecord } from "../../lib/twinRoute.ts";
import { useIdParam } from "../../lib/useIdParam.ts";
import { useSourceCodeApplication } from "./api/sourceCode.ts";

/** The source code twins show one repository (and its findings), whose company is its product's. */
export const repositoryTwin: TwinRecord = {
  noun: "repository",
  back: { label: "Source Code", href: paths.source_code_va.getHref() },
  useOwner: () => useOwnerByProduct(useSourceCodeApplication(useIdParam("id") ?? 0), (app) => app.product.id),
};
