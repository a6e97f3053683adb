import { MoreVertical } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { IconButton } from "../IconButton/IconButton.tsx";
import { DeferredMenuTrigger, lazyMenuTrigger, type PlaceholderTriggerProps } from "../shared/DeferredMenuTrigger.tsx";

// The menu loads right after the first render, so a table with one on every row draws without it.
const menu = lazyMenuTrigger(async () => (await import("./ActionsMenuTrigger.tsx")).ActionsMenuTrigger);

export interface ActionsMenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Called when the entry is chosen. Omit for entries that only link. */
  onAction?: () => void;
  /** Makes the entry a link to this route. */
  href?: string;
  /** @default false */
  isDisabled?: boolean;
  /** @default "neutral" */
  tone?: "neutral" | "critical";
}

export interface ActionsMenuProps {
  /** The entries, in order; each runs `onAction` or links to `href`. */
  items: readonly ActionsMenuItem[];
  /**
   * Accessible name of the trigger; name what the actions act on ("Actions for INV-1A2B3C4D").
   * @default "Actions"
   */
  "aria-label"?: string;
  /**
   * Size of the trigger button.
   * @default "small"
   */
  size?: "small" | "medium";
  /**
   * Disables the trigger, e.g. while the row is being changed.
   * @default false
   */
  isDisabled?: boolean;
}

/**
 * The three-dot actions dropdown. It opens on click (or Enter/Space/ArrowDown), and closes on an
 * outside click, on Escape, or when an entry is chosen. Its menu's code loads right after the first
 * render, so a table with one on every row draws without it.
 */
export function ActionsMenu({
  items,
  "aria-label": ariaLabel = "Actions",
  size = "small",
  isDisabled,
}: ActionsMenuProps) {
  const trigger = (props: PlaceholderTriggerProps, ref: RefObject<HTMLButtonElement | null>) => (
    <IconButton
      {...props}
      ref={ref}
      aria-label={ariaLabel}
      icon={<MoreVertical size={16} />}
      size={size}
      {...(isDisabled ? { isDisabled } : {})}
    />
  );
  return (
    <DeferredMenuTrigger
      trigger={trigger}
      isLoaded={menu.isLoaded}
      preload={menu.preload}
      loaded={(handoff) => (
        <menu.Component handoff={handoff} trigger={(ref) => trigger({}, ref)} items={items} aria-label={ariaLabel} />
      )}
    />
  );
}
