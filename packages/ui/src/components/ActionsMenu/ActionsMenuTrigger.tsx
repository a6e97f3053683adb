import { Menu, MenuItem } from "../Menu/Menu.tsx";
import { Popover } from "../Popover/Popover.tsx";
import { LoadedMenuTrigger, type LoadedMenuTriggerProps } from "../shared/LoadedMenuTrigger.tsx";
import type { ActionsMenuItem } from "./ActionsMenu.tsx";

export interface ActionsMenuTriggerProps extends Omit<LoadedMenuTriggerProps, "children"> {
  items: readonly ActionsMenuItem[];
  "aria-label": string;
}

/**
 * The actions dropdown's trigger with its popover menu. ActionsMenu loads this module on first use,
 * so a table with a menu on every row draws without react-aria's menu and overlay code.
 */
export function ActionsMenuTrigger({ items, "aria-label": ariaLabel, ...trigger }: ActionsMenuTriggerProps) {
  return (
    <LoadedMenuTrigger {...trigger}>
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
    </LoadedMenuTrigger>
  );
}
