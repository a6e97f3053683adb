import { ChevronDown } from "lucide-react";
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  composeRenderProps,
  SelectValue,
} from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";
import { type FieldOption, FieldPopover, OptionList } from "../Field/FieldPopover.tsx";
import * as selectStyles from "./Select.css.ts";

export type SelectOption = FieldOption;

export interface SelectProps<T extends SelectOption = SelectOption>
  extends Omit<AriaSelectProps<T, "single">, "children" | "selectionMode">,
    FieldBaseProps {
  /** The choices. A disabled one stays listed with its `description` saying why. */
  items: Iterable<T>;
}

/** Pick one option from a list. Typing on the closed trigger jumps to a matching option. */
export function Select<T extends SelectOption = SelectOption>({
  label,
  description,
  errorMessage,
  items,
  validationBehavior,
  className,
  ...props
}: SelectProps<T>) {
  return (
    <AriaSelect
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, selectStyles.root, prev))}
    >
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <Button className={cx(styles.control(), selectStyles.trigger)}>
        {/* Only the label: the option's check mark and description belong in the list, not the trigger. */}
        <SelectValue className={selectStyles.value}>
          {({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder ? defaultChildren : selectedText)}
        </SelectValue>
        <ChevronDown className={styles.fieldIcon} aria-hidden="true" />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <FieldPopover>
        <OptionList items={items} />
      </FieldPopover>
    </AriaSelect>
  );
}
