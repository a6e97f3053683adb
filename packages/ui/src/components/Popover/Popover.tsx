import type { ReactNode } from "react";
import {
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
  composeRenderProps,
  Dialog,
} from "react-aria-components";
import * as styles from "./Popover.css.ts";

export interface PopoverProps extends AriaPopoverProps {
  /**
   * Wraps the content in a dialog, for free-form content (filters, details). Menus and list
   * boxes bring their own roles and set this to false.
   * @default true
   */
  isDialog?: boolean;
  /** The dialog's accessible name, when `isDialog`. */
  "aria-label"?: string;
}

/** A floating panel anchored to its trigger, on the menu layer. */
export function Popover({ isDialog = true, className, children, "aria-label": ariaLabel, ...props }: PopoverProps) {
  return (
    <AriaPopover
      offset={6}
      {...props}
      className={composeRenderProps(className, (prev) => [styles.popover, prev].filter(Boolean).join(" "))}
    >
      {isDialog ? (
        <Dialog className={styles.dialog} aria-label={ariaLabel}>
          {children as ReactNode}
        </Dialog>
      ) : (
        children
      )}
    </AriaPopover>
  );
}
