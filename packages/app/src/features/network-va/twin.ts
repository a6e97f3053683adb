import { paths } from "../../config/paths.ts";
import { ownerOf } from "../../lib/twinOwner.ts";
import type { TwinRecord } from "../../lib/twinRoute.ts";
import { useIdParam } from "../../lib/useIdParam.ts";
import { useNetworkConfig } from "./api/network.ts";

/** The network twins show one scan configuration (and the scans and endpoints nested under it). */
export const networkConfigTwin: TwinRecord = {
  noun: "scan configuration",
  back: { label: "Network", href: paths.network_va.getHref() },
  useOwner: () => ownerOf(useNetworkConfig(useIdParam("id") ?? 0), (config) => config.company.id),
};
