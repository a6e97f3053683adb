import { Menu, MenuItem } from "../Menu/Menu.tsx";
import { Popover } from "../Popover/Popover.tsx";
import { LoadedMenuTrigger, type LoadedMenuTriggerProps } from "../shared/LoadedMenuTrigger.tsx";
import type { MenuButtonProps } from "./MenuButton.tsx";

export interface MenuButtonTriggerProps
  extends Omit<LoadedMenuTriggerProps, "children">,
    Pick<MenuButtonProps, "items" | "onAction" | "placement"> {}

/**
 * A menu button's trigger with its popover menu, which MenuButton loads right after its first
 * render. The menu is named by the button (react-aria's MenuTrigger labels it so).
 */
export function MenuButtonTrigger({ items, onAction, placement, ...trigger }: MenuButtonTriggerProps) {
  return (
    <LoadedMenuTrigger {...trigger}>
      <Popover isDialog={false} {...(placement ? { placement } : {})}>
        <Menu
          items={items}
          onAction={(key) => onAction(String(key))}
          disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
        >
          {(item) => (
            <MenuItem id={item.id} textValue={item.label}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </LoadedMenuTrigger>
  );
}
