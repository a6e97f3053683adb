import { MoreVertical } from "lucide-react";
import type { ReactNode } from "react";
import { MenuTrigger } from "react-aria-components";
import { IconButton } from "../IconButton/IconButton.tsx";
import { Menu, MenuItem } from "../Menu/Menu.tsx";
import { Popover } from "../Popover/Popover.tsx";

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
 * outside click, on Escape, or when an entry is chosen.
 */
export function ActionsMenu({
  items,
  "aria-label": ariaLabel = "Actions",
  size = "small",
  isDisabled,
}: ActionsMenuProps) {
  return (
    <MenuTrigger>
      <IconButton
        aria-label={ariaLabel}
        icon={<MoreVertical size={16} />}
        size={size}
        {...(isDisabled ? { isDisabled } : {})}
      />
      <Popover isDialog={false} placement="bottom end">
        <Menu
          aria-label={ariaLabel}
          items={items}
          onAction={(key) => items.find((item) => item.id === key)?.onAction?.()}
          disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
        >
          {(item) => (
            <MenuItem
              id={item.id}
              textValue={item.label}
              {...(item.href ? { href: item.href } : {})}
              {...(item.icon ? { icon: item.icon } : {})}
              {...(item.tone ? { tone: item.tone } : {})}
            >
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
