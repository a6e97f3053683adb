import { type StatusKind, type StatusOf, statusTones } from "../../tokens/domain.ts";
import type { Tone } from "../../tokens/tones.ts";
import { Badge, type BadgeProps } from "../Badge/Badge.tsx";
import { humanizeEnum } from "../Badge/humanize.ts";

export type StatusBadgeProps<K extends StatusKind = StatusKind> = Omit<BadgeProps, "tone" | "label" | "children"> &
  {
    [P in K]: {
      /** Which API enum `status` belongs to; the same value (e.g. COMPLETED) differs between kinds. */
      kind: P;
      /** The status exactly as the API spells it. */
      status: StatusOf<P>;
    };
  }[K];

/** Tone and label of a status; unknown values fall back to a neutral, humanised badge. */
export function describeStatus(kind: StatusKind, status: string): { tone: Tone; label: string } {
  const table = statusTones[kind] as Record<string, { tone: Tone; label: string } | undefined>;
  return table[status] ?? { tone: "neutral", label: humanizeEnum(status) };
}

/** The status of a finding, scan, configuration, repository scan, payment or ticket. */
export function StatusBadge<K extends StatusKind>({ kind, status, ...props }: StatusBadgeProps<K>) {
  const { tone, label } = describeStatus(kind, String(status));
  return <Badge {...props} data-status={String(status)} tone={tone} label={label} />;
}
