import { X } from "lucide-react";
import type { ReactNode } from "react";
import {
  Dialog as AriaDialog,
  Modal as AriaModal,
  Heading,
  ModalOverlay,
  type ModalOverlayProps,
} from "react-aria-components";
import { IconButton } from "../IconButton/IconButton.tsx";
import { untrustedNode } from "../UntrustedText/untrustedNode.tsx";
import * as styles from "./Dialog.css.ts";

export interface DialogProps {
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** The dialog's body, under the title. */
  children?: ReactNode;
  /** Buttons in the footer. A function receives `close`. */
  actions?: ReactNode | ((close: () => void) => ReactNode);
  /**
   * `alertdialog` for confirmations that interrupt.
   * @default "dialog"
   */
  role?: "dialog" | "alertdialog";
  /**
   * Shows the close button in the header.
   * @default true
   */
  showCloseButton?: boolean;
}

/** The content of a modal: heading, body and actions. Put it inside `Modal` (or a `DialogTrigger` + `Modal`). */
export function Dialog({ title, children, actions, role = "dialog", showCloseButton = true }: DialogProps) {
  return (
    <AriaDialog className={styles.dialog} role={role}>
      {({ close }) => (
        <>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {untrustedNode(title)}
            </Heading>
            {showCloseButton ? <IconButton aria-label="Close" icon={<X size={18} />} onPress={close} /> : null}
          </div>
          <div className={styles.body}>{children}</div>
          {actions ? (
            <div className={styles.footer}>{typeof actions === "function" ? actions(close) : actions}</div>
          ) : null}
        </>
      )}
    </AriaDialog>
  );
}

export interface ModalProps extends Omit<ModalOverlayProps, "children"> {
  /** The `Dialog` the overlay shows. */
  children: ReactNode;
}

/**
 * A centred modal on the modal layer. Escape closes it, focus is trapped inside and returns to the
 * trigger on close. Outside clicks close it only when `isDismissable`.
 */
export function Modal({ children, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} className={styles.overlay}>
      <AriaModal className={styles.modal}>{children}</AriaModal>
    </ModalOverlay>
  );
}
