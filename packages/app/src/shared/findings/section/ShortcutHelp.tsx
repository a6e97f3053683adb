import { DescriptionList, Dialog, Modal } from "@sentinel/ui";
import { Fragment } from "react";
import * as styles from "./FindingsGrid.css.ts";
import { triageShortcuts } from "./triageShortcuts.ts";

export interface ShortcutHelpProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

const items = triageShortcuts.map((shortcut) => ({
  id: shortcut.keys.join(" "),
  term: (
    <span className={styles.keys}>
      {shortcut.keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 ? " or " : null}
          <kbd className={styles.kbd}>{key}</kbd>
        </Fragment>
      ))}
    </span>
  ),
  description: shortcut.description,
}));

/** The "?" overlay: every triage shortcut, as a modal the user closes with Esc or Close. */
export function ShortcutHelp({ isOpen, onOpenChange }: ShortcutHelpProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Keyboard shortcuts">
        <DescriptionList items={items} aria-label="Keyboard shortcuts" />
      </Dialog>
    </Modal>
  );
}
