import { paths } from "../../config/paths.ts";
import { useOwnerByProduct } from "../../lib/twinOwner.ts";
import type { TwinRecord } from "../../lib/twinRoute.ts";
import { useIdParam } from "../../lib/useIdParam.ts";
import { useWebApplication } from "./api/applications.ts";

/** The application twin shows one web application, whose company is its product's. */
export const webApplicationTwin: TwinRecord = {
  noun: "application",
  back: { label: "Application", href: paths.application_va.getHref() },
  useOwner: () => useOwnerByProduct(useWebApplication(useIdParam("id") ?? 0), (app) => app.product.id),
};
