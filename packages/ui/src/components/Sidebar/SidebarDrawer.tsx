import type { ReactNode } from "react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import * as styles from "./SidebarDrawer.css.ts";

export interface SidebarDrawerProps {
  /** Whether the drawer is shown (controlled). */
  isOpen: boolean;
  /** Called with `false` on Escape, a press outside the sheet, or the sidebar's Close menu button. */
  onOpenChange: (isOpen: boolean) => void;
  /**
   * The dialog's accessible name.
   * @default "Menu"
   */
  "aria-label"?: string;
  /** The `Sidebar`, given `onClose` (and usually `onNavigate`) so it closes the drawer. */
  children: ReactNode;
}

/**
 * The sidebar on a narrow screen: a modal sheet from the start edge. Focus moves into it, stays
 * there while it is open, and returns to the button that opened it; Escape and a press on the
 * backdrop close it.
 */
export function SidebarDrawer({
  isOpen,
  onOpenChange,
  "aria-label": ariaLabel = "Menu",
  children,
}: SidebarDrawerProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.overlay}>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-label={ariaLabel}>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
