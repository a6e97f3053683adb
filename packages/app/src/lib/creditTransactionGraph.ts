import type { CreditTransactionGraph } from "@sentinel/api-client";

// Shared by the dashboard and Credits Activity, which both draw the credit transaction graph.

/** The per-service keys the credit graphs and the top-spending ranking share, with their labels. */
export const serviceKeys = [
  { key: "networkva", label: "Network" },
  { key: "exposure_detection", label: "Exposure Detection" },
  { key: "threat_inspection", label: "Threat Inspection" },
  { key: "web", label: "Web Application" },
  { key: "sourcecode", label: "Source Code" },
] as const;

export type ServiceKey = (typeof serviceKeys)[number]["key"];

export type CreditTransactionPoint = { label: string } & Record<ServiceKey, number>;

/**
 * The graph arrives as parallel arrays (`date_labels` plus one array per service); charts want one
 * row per label. A service array shorter than the labels reads as 0 there, never shifts values.
 */
export function toCreditTransactionPoints(graph: CreditTransactionGraph): CreditTransactionPoint[] {
  return graph.date_labels.map((label, index) => {
    const point = { label } as CreditTransactionPoint;
    for (const { key } of serviceKeys) {
      const value = graph[key]?.[index];
      point[key] = typeof value === "number" && Number.isFinite(value) ? value : 0;
    }
    return point;
  });
}
