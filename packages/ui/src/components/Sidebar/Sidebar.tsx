import type { LucideIcon } from "lucide-react";
import { PanelLeftClose, PanelLeftOpen, X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Button, Link } from "react-aria-components";
import { visuallyHidden } from "../shared/styles.css.ts";
import { Tooltip, TooltipTrigger } from "../Tooltip/Tooltip.tsx";
import { isNavItemActive } from "./isNavItemActive.ts";
import * as styles from "./Sidebar.css.ts";

export interface SidebarItem {
  /** Visible label, and the accessible name (and tooltip) when collapsed. */
  label: string;
  /** In-app path the item links to; also decides when the item is active. */
  href: string;
  /** A lucide-react icon component, e.g. `LayoutDashboard`. */
  icon: LucideIcon;
}

export interface SidebarSection {
  /** Section heading, e.g. "Attack Surface Management"; omit for an unnamed section. */
  heading?: string;
  items: readonly SidebarItem[];
}

export interface SidebarProps {
  /** Groups of links, in order. */
  sections: readonly SidebarSection[];
  /** The current location's path; the item whose path it starts with (by whole segments) is active. */
  currentPath: string;
  /** Whether only icons are shown (controlled). */
  isCollapsed: boolean;
  /** Called with the new collapsed state when the toggle is pressed. */
  onCollapsedChange: (isCollapsed: boolean) => void;
  /** Product name in the header and footer, e.g. "Sentinel". */
  productName: string;
  /** Logo shown before the product name, and alone when collapsed. */
  logo?: ReactNode;
  /** Version label in the footer, e.g. "v1.0.0". */
  version?: string;
  /** Copyright line in the footer, e.g. "© 2026 Sentinel. All rights reserved." */
  copyright?: string;
  /**
   * Shown in a drawer (see `SidebarDrawer`): the header's collapse toggle gives way to a Close menu
   * button calling this, and the sidebar is always expanded.
   */
  onClose?: () => void;
  /** Called when a link is chosen, before the navigation; a drawer closes on it even for the current page. */
  onNavigate?: (item: SidebarItem) => void;
  /**
   * Accessible name of the navigation landmark.
   * @default "Main"
   */
  "aria-label"?: string;
}

/**
 * The app's main navigation: sections of icon links, collapsible to an icon rail. The item matching
 * the current path gets `aria-current="page"`. Links go through react-aria's router integration, so
 * the app's RouterProvider turns them into client-side navigations.
 */
export function Sidebar({
  sections,
  currentPath,
  isCollapsed,
  onCollapsedChange,
  productName,
  logo,
  version,
  copyright,
  onClose,
  onNavigate,
  "aria-label": ariaLabel = "Main",
}: SidebarProps) {
  const listsId = useId();
  const collapsed = onClose ? false : isCollapsed;
  return (
    <nav
      className={styles.root}
      aria-label={ariaLabel}
      data-collapsed={collapsed || undefined}
      data-in-drawer={onClose ? true : undefined}
    >
      <div className={styles.header}>
        {collapsed ? null : (
          <span className={styles.brand}>
            {logo}
            {productName}
          </span>
        )}
        {onClose ? (
          <Button className={styles.toggle} aria-label="Close menu" onPress={onClose}>
            <X className={styles.linkIcon} aria-hidden />
          </Button>
        ) : (
          <Button
            className={styles.toggle}
            aria-label="Toggle sidebar"
            aria-expanded={!isCollapsed}
            aria-controls={listsId}
            onPress={() => onCollapsedChange(!isCollapsed)}
          >
            {isCollapsed ? (
              <PanelLeftOpen className={styles.linkIcon} aria-hidden />
            ) : (
              <PanelLeftClose className={styles.linkIcon} aria-hidden />
            )}
          </Button>
        )}
      </div>
      <div className={styles.sections} id={listsId}>
        {sections.map((section, index) => (
          <SidebarSectionList
            key={section.heading ?? `section-${index}`}
            section={section}
            currentPath={currentPath}
            isCollapsed={collapsed}
            showDivider={collapsed && index > 0}
            onNavigate={onNavigate}
          />
        ))}
      </div>
      {collapsed ? null : (
        <footer className={styles.footer}>
          <span className={styles.footerProduct}>{productName}</span>
          {version ? <span>{version}</span> : null}
          {copyright ? <span>{copyright}</span> : null}
        </footer>
      )}
    </nav>
  );
}

function SidebarSectionList({
  section,
  currentPath,
  isCollapsed,
  showDivider,
  onNavigate,
}: {
  section: SidebarSection;
  currentPath: string;
  isCollapsed: boolean;
  showDivider: boolean;
  onNavigate: SidebarProps["onNavigate"];
}) {
  const headingId = useId();
  return (
    <div className={styles.section}>
      {showDivider ? <div className={styles.sectionDivider} /> : null}
      {section.heading ? (
        <span id={headingId} className={isCollapsed ? visuallyHidden : styles.sectionHeading}>
          {section.heading}
        </span>
      ) : null}
      <ul className={styles.list} aria-labelledby={section.heading ? headingId : undefined}>
        {section.items.map((item) => (
          <li key={item.href}>
            <SidebarLink
              item={item}
              isActive={isNavItemActive(currentPath, item.href)}
              isCollapsed={isCollapsed}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SidebarLink({
  item,
  isActive,
  isCollapsed,
  onNavigate,
}: {
  item: SidebarItem;
  isActive: boolean;
  isCollapsed: boolean;
  onNavigate: SidebarProps["onNavigate"];
}) {
  const Icon = item.icon;
  const link = (
    <Link
      href={item.href}
      className={styles.link}
      aria-current={isActive ? "page" : undefined}
      aria-label={isCollapsed ? item.label : undefined}
      onPress={onNavigate ? () => onNavigate(item) : undefined}
    >
      <Icon className={styles.linkIcon} aria-hidden />
      {isCollapsed ? null : <span className={styles.linkLabel}>{item.label}</span>}
    </Link>
  );
  if (!isCollapsed) return link;
  // The rail shows icons only: the label moves to the link's accessible name and a tooltip.
  return (
    <TooltipTrigger delay={300}>
      {link}
      <Tooltip placement="end">{item.label}</Tooltip>
    </TooltipTrigger>
  );
}
