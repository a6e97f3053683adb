import { type Role, type RoleAlias, roleAliases, roleTones } from "../../tokens/domain.ts";
import { Badge, type BadgeProps } from "../Badge/Badge.tsx";
import { humanizeEnum } from "../Badge/humanize.ts";

export interface RoleBadgeProps extends Omit<BadgeProps, "tone" | "label" | "children"> {
  /** The user's role exactly as the API spells it; `ADMIN` and `MEMBER` aliases are accepted. */
  role: Role | RoleAlias;
}

function describeRole(role: string) {
  const canonical = (roleAliases as Record<string, Role | undefined>)[role] ?? role;
  return (roleTones as Record<string, (typeof roleTones)[Role] | undefined>)[canonical];
}

/** A user's role with its own colour: Super Admin, Admin, Analyst, Member. */
export function RoleBadge({ role, ...props }: RoleBadgeProps) {
  const entry = describeRole(role);
  // A role the UI does not know yet still renders, as a neutral badge with readable text.
  return (
    <Badge {...props} data-role={role} tone={entry?.tone ?? "neutral"} label={entry?.label ?? humanizeEnum(role)} />
  );
}
