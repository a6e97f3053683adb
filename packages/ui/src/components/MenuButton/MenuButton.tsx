import type { Ref, RefObject } from "react";
import { Button, type ButtonProps } from "../Button/Button.tsx";
import { DeferredMenuTrigger, lazyMenuTrigger, type PlaceholderTriggerProps } from "../shared/DeferredMenuTrigger.tsx";

// The menu loads right after the first render, so a toolbar of menu buttons draws without
// react-aria's menu code.
const menu = lazyMenuTrigger(async () => (await import("./MenuButtonTrigger.tsx")).MenuButtonTrigger);

export interface MenuButtonItem {
  id: string;
  label: string;
  /** @default false */
  isDisabled?: boolean;
}

export interface MenuButtonProps
  extends Pick<
    ButtonProps,
    "variant" | "size" | "icon" | "isDisabled" | "isPending" | "pendingLabel" | "aria-describedby" | "aria-label"
  > {
  /** The button's text; the menu is named by it. */
  children: string;
  /** The entries, in order. */
  items: readonly MenuButtonItem[];
  /** Called with the chosen entry's id. */
  onAction: (id: string) => void;
  /**
   * Where the menu opens, relative to the button.
   * @default "bottom start"
   */
  placement?: "bottom start" | "bottom end";
}

/**
 * A button that opens a menu of choices (a status change, an export format). It opens on click or
 * Enter/Space/ArrowDown and closes on an outside click, on Escape, or when an entry is chosen. Its
 * menu's code loads right after the first render, as ActionsMenu's does; a press before then opens
 * the menu as soon as it arrives.
 */
export function MenuButton({ children, items, onAction, placement = "bottom start", ...button }: MenuButtonProps) {
  const trigger = (props: PlaceholderTriggerProps, ref: RefObject<HTMLButtonElement | null>) => (
    <Button {...button} {...props} {...({ ref } as { ref: Ref<HTMLButtonElement> })}>
      {children}
    </Button>
  );
  return (
    <DeferredMenuTrigger
      trigger={trigger}
      isLoaded={menu.isLoaded}
      preload={menu.preload}
      loaded={(handoff) => (
        <menu.Component
          handoff={handoff}
          trigger={(ref) => trigger({}, ref)}
          items={items}
          onAction={onAction}
          placement={placement}
        />
      )}
    />
  );
}
