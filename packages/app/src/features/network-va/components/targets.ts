import type { NetworkScanConfiguration, NetworkTargetType } from "@sentinel/api-client";

/** The hosts of a configuration's targets, for a compact cell: the first few and how many more. */
export function summariseTargets(targets: NetworkScanConfiguration["target"], shown = 2): string {
  const hosts = targets.map((t) => t.endpoint.host);
  if (hosts.length === 0) return "No targets";
  const head = hosts.slice(0, shown).join(", ");
  return hosts.length > shown ? `${head} +${hosts.length - shown} more` : head;
}

export const targetTypeLabels: Readonly<Record<NetworkTargetType, string>> = {
  IP_SINGLE: "Single IP",
  IP_MULTIPLE: "Multiple IP",
  IP_RANGE: "IP Range",
};
