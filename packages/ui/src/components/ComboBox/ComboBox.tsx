import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import {
  ComboBox as AriaComboBox,
  type ComboBoxProps as AriaComboBoxProps,
  Button,
  composeRenderProps,
  Group,
  Input,
} from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";
import { type FieldOption, FieldPopover, OptionList } from "../Field/FieldPopover.tsx";

export type ComboBoxOption = FieldOption;

export interface ComboBoxProps<T extends ComboBoxOption = ComboBoxOption>
  extends Omit<AriaComboBoxProps<T, "single">, "children" | "items" | "defaultItems" | "selectionMode">,
    FieldBaseProps {
  /** The choices, filtered by what the user types (case-insensitive "contains"). */
  items: Iterable<T>;
  /** Hint inside the empty input. */
  placeholder?: string;
  /**
   * Shown in the list when nothing matches the typed text.
   * @default "No matches"
   */
  emptyText?: ReactNode;
}

/** A text input with a filtered list of options; arrow keys move through the list, Enter picks. */
export function ComboBox<T extends ComboBoxOption = ComboBoxOption>({
  label,
  description,
  errorMessage,
  items,
  placeholder,
  emptyText = "No matches",
  validationBehavior,
  className,
  ...props
}: ComboBoxProps<T>) {
  return (
    <AriaComboBox
      allowsEmptyCollection
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, prev))}
    >
      {({ isDisabled, isInvalid }) => (
        <>
          {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
          <Group isDisabled={isDisabled} isInvalid={isInvalid} className={styles.control({ group: true })}>
            <Input placeholder={placeholder} className={styles.groupInput} />
            <Button className={styles.fieldButton}>
              <ChevronDown className={styles.fieldIcon} aria-hidden="true" />
            </Button>
          </Group>
          <FieldHelp description={description} errorMessage={errorMessage} />
          <FieldPopover>
            <OptionList items={items} emptyText={emptyText} />
          </FieldPopover>
        </>
      )}
    </AriaComboBox>
  );
}
