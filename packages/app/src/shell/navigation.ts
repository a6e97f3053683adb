import type { Role } from "@sentinel/api-client";
import {
  BookUser,
  Building2,
  Code,
  Coins,
  Globe,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Network,
  Package,
  Radar,
  ShieldAlert,
  Ticket,
} from "lucide-react";
import { paths } from "../config/paths.ts";

export interface NavItem {
  readonly label: string;
  readonly href: string;
  readonly icon: LucideIcon;
  /** Shown only to these roles; absent = everyone. */
  readonly roles?: readonly Role[];
}

export interface NavSection {
  /** Absent for the unnamed first section (Dashboard). */
  readonly heading?: string;
  readonly items: readonly NavItem[];
}

/**
 * The sidebar of spec §2, in its order. Company Directory is not in the spec's list, but it is
 * the staff's way into every company; it is added for staff only, right after Company. Findings
 * (issue 17) spans every scan area, so it sits above them with the Dashboard, the other view
 * across areas, rather than inside one area's section.
 */
export const navSections: readonly NavSection[] = [
  {
    items: [
      { label: "Dashboard", href: paths.dashboard.getHref(), icon: LayoutDashboard },
      { label: "Findings", href: paths.findings.getHref(), icon: ListChecks },
    ],
  },
  {
    heading: "Attack Surface Management",
    items: [
      { label: "Exposure Detection", href: paths.exposure_detection.getHref(), icon: Radar },
      { label: "Threat Inspection", href: paths.threat_inspection.getHref(), icon: ShieldAlert },
    ],
  },
  {
    heading: "Development Security Operations",
    items: [
      { label: "Network", href: paths.network_va.getHref(), icon: Network },
      { label: "Application", href: paths.application_va.getHref(), icon: Globe },
      { label: "Source Code", href: paths.source_code_va.getHref(), icon: Code },
    ],
  },
  {
    heading: "Manage",
    items: [
      { label: "Assets", href: paths.asset_inventory.getHref(), icon: Package },
      // Staff belong to no company (issue 28: their "Company" led to a page saying so); they manage
      // every company from the directory instead.
      {
        label: "Company",
        href: paths.company_management.getHref(),
        icon: Building2,
        roles: ["CLIENT_ADMIN", "CLIENT"],
      },
      {
        label: "Company Directory",
        href: paths.company_directory.getHref(),
        icon: BookUser,
        roles: ["SUPER_ADMIN", "ANALYST"],
      },
      { label: "Credits Activity", href: paths.credits_activity.getHref(), icon: Coins },
      { label: "Ticket", href: paths.ticketing.getHref(), icon: Ticket },
    ],
  },
];

/** The sections a role sees: items it may not open are left out, and so is a section left empty. */
export function navSectionsFor(role: Role | null | undefined): NavSection[] {
  return navSections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => !item.roles || (role != null && item.roles.includes(role))),
    }))
    .filter((section) => section.items.length > 0);
}
