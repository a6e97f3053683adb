import { Check } from "lucide-react";
import type { ReactNode } from "react";
import {
  composeRenderProps,
  ListBox,
  ListBoxItem,
  type ListBoxProps,
  Popover,
  PopoverContext,
  type PopoverProps,
  useSlottedContext,
} from "react-aria-components";
import { revealBidiControls } from "../../format/bidi.ts";
import { UntrustedText } from "../UntrustedText/UntrustedText.tsx";
import * as styles from "./Field.css.ts";
import { cx } from "./Field.tsx";

/**
 * The popover of Select, ComboBox and DatePicker, on the product's menu layer (`vars.zIndex.menu`).
 * Kept inside the Field module so form fields don't depend on a general overlay component.
 *
 * A field inside a dialog (a modal sits on the higher modal layer) lifts its popover to the modal
 * layer; popovers are portalled after the modal, so at an equal z-index they paint above it.
 */
export function FieldPopover({ className, ...props }: PopoverProps) {
  const context = useSlottedContext(PopoverContext);
  const triggerRef = props.triggerRef ?? context?.triggerRef;
  // The popover only renders while open, when its trigger is already in the document.
  const inDialog = Boolean(triggerRef?.current?.closest('[role="dialog"], [role="alertdialog"]'));
  return (
    <Popover
      offset={4}
      {...props}
      className={composeRenderProps(className, (prev) => cx(styles.popover, inDialog && styles.popoverInDialog, prev))}
    />
  );
}

/** One choice of a Select or ComboBox. */
export interface FieldOption {
  id: string | number;
  label: string;
  /** A disabled option stays visible; say why in `description`. */
  isDisabled?: boolean;
  /** Secondary text under the label (for a disabled option: the reason). */
  description?: string;
}

export interface OptionListProps<T extends FieldOption> extends Omit<ListBoxProps<T>, "children" | "items"> {
  items: Iterable<T>;
  /** Shown when there are no options (e.g. nothing matches a ComboBox's text). */
  emptyText?: ReactNode;
}

/** The listbox inside a field popover, rendering `FieldOption`s with description and a check mark. */
export function OptionList<T extends FieldOption>({ items, emptyText, className, ...props }: OptionListProps<T>) {
  return (
    <ListBox
      {...props}
      items={items}
      className={composeRenderProps(className, (prev) => cx(styles.listBox, prev))}
      renderEmptyState={emptyText ? () => <div className={styles.emptyState}>{emptyText}</div> : undefined}
    >
      {(item) => (
        <ListBoxItem
          id={item.id}
          textValue={revealBidiControls(item.label)}
          isDisabled={item.isDisabled}
          className={styles.option}
        >
          {({ isSelected }) => (
            <>
              <Check className={cx(styles.optionCheck, isSelected && styles.optionCheckSelected)} aria-hidden="true" />
              {/* Name from content: label and description (a disabled option's reason) are read together,
                  and the accessible name matches the visible text. */}
              <span className={styles.optionText}>
                <span>
                  <UntrustedText>{item.label}</UntrustedText>
                </span>
                {item.description ? <span className={styles.optionDescription}>{item.description}</span> : null}
              </span>
            </>
          )}
        </ListBoxItem>
      )}
    </ListBox>
  );
}
