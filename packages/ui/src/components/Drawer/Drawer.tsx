import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Dialog as AriaDialog, Modal as AriaModal, Heading, ModalOverlay } from "react-aria-components";
import { IconButton } from "../IconButton/IconButton.tsx";
import { untrustedNode } from "../UntrustedText/untrustedNode.tsx";
import * as styles from "./Drawer.css.ts";

export interface DrawerProps {
  /** Whether the drawer is open (controlled). */
  isOpen: boolean;
  /** Called with `false` on Escape, a backdrop press or the close button. */
  onOpenChange: (isOpen: boolean) => void;
  /** The drawer's heading and accessible name. */
  title: ReactNode;
  /** Text under the title, e.g. a status badge. */
  subtitle?: ReactNode;
  /** The drawer's scrolling body. */
  children?: ReactNode;
  /** Actions pinned under the scrolling body, e.g. Save and Cancel. */
  footer?: ReactNode;
  /**
   * Closes on a click outside the drawer.
   * @default true
   */
  isDismissable?: boolean;
}

/**
 * A side sheet for details (a finding, a payment). Escape closes it and focus returns to what
 * opened it, e.g. the table row.
 */
export function Drawer({ isOpen, onOpenChange, title, subtitle, children, footer, isDismissable = true }: DrawerProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} className={styles.overlay}>
      <AriaModal className={styles.modal}>
        <AriaDialog className={styles.dialog}>
          <div className={styles.header}>
            <div>
              <Heading slot="title" className={styles.title}>
                {untrustedNode(title)}
              </Heading>
              {subtitle}
            </div>
            <IconButton aria-label="Close" icon={<X size={18} />} onPress={() => onOpenChange(false)} />
          </div>
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}
