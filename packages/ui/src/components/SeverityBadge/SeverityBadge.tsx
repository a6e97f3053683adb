import { type Severity, severityTones } from "../../tokens/domain.ts";
import { Badge, type BadgeProps } from "../Badge/Badge.tsx";
import { humanizeEnum } from "../Badge/humanize.ts";

export interface SeverityBadgeProps extends Omit<BadgeProps, "tone" | "label" | "children"> {
  /** A finding's severity exactly as the API spells it. */
  severity: Severity;
}

/** A finding's severity: High, Medium, Low, Info or Log, each with its tone. */
export function SeverityBadge({ severity, ...props }: SeverityBadgeProps) {
  const entry = (severityTones as Record<string, (typeof severityTones)[Severity] | undefined>)[severity];
  return (
    <Badge
      {...props}
      data-severity={severity}
      tone={entry?.tone ?? "neutral"}
      label={entry?.label ?? humanizeEnum(severity)}
    />
  );
}
