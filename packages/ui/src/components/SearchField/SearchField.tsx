import { Search, X } from "lucide-react";
import {
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
  Button,
  composeRenderProps,
  Group,
  Input,
} from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, "children">, FieldBaseProps {
  /** Hint inside the empty input. */
  placeholder?: string;
  /**
   * Accessible name of the clear button.
   * @default "Clear search"
   */
  clearLabel?: string;
}

/**
 * A search input. Enter calls `onSubmit(value)`; Escape or the clear button empties it and calls `onClear`.
 */
export function SearchField({
  label,
  description,
  errorMessage,
  placeholder,
  clearLabel = "Clear search",
  validationBehavior,
  className,
  ...props
}: SearchFieldProps) {
  return (
    <AriaSearchField
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, prev))}
    >
      {({ isEmpty, isDisabled, isInvalid }) => (
        <>
          {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
          <Group isDisabled={isDisabled} isInvalid={isInvalid} className={styles.control({ group: true })}>
            <Search className={styles.leadingIcon} aria-hidden="true" />
            <Input placeholder={placeholder} className={styles.groupInput} />
            {isEmpty ? null : (
              <Button aria-label={clearLabel} className={styles.fieldButton}>
                <X className={styles.fieldIcon} aria-hidden="true" />
              </Button>
            )}
          </Group>
          <FieldHelp description={description} errorMessage={errorMessage} />
        </>
      )}
    </AriaSearchField>
  );
}
