import type { FindingChange } from "@sentinel/api-client";
import { Badge, type BadgeProps } from "@sentinel/ui";

/**
 * How a finding compares with its target's previous completed scan. New and Reopened ask for a look
 * (Reopened most: it was fixed once); Unchanged stays quiet, as most rows of a rescan are.
 */
export const findingChangeTones = {
  NEW: { tone: "info", label: "New" },
  UNCHANGED: { tone: "neutral", label: "Unchanged" },
  REOPENED: { tone: "caution", label: "Reopened" },
} as const satisfies Record<FindingChange, { tone: BadgeProps["tone"]; label: string }>;

export function FindingChangeBadge({ change, size }: { change: FindingChange; size?: BadgeProps["size"] }) {
  const { tone, label } = findingChangeTones[change];
  return <Badge tone={tone} size={size} label={label} />;
}
