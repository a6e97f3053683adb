import { Search, X } from "lucide-react";
import { type Ref, useState } from "react";
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

/**
 * The longest search the field takes: a full DNS name (253 characters) fits, a pasted page of text
 * does not. Every list keeps its search in the URL, so an unbounded one ends up in address bars,
 * history and server logs (a 100,000-character search made URLs too long to load).
 */
export const searchMaxLength = 256;

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, "children">, FieldBaseProps {
  /** Hint inside the empty input. */
  placeholder?: string;
  /**
   * Accessible name of the clear button.
   * @default "Clear search"
   */
  clearLabel?: string;
  /**
   * Longest search accepted; longer pastes are cut. Searches live in the URL, so it stays bounded.
   * @default searchMaxLength (256)
   */
  maxLength?: number;
  /** The input element, e.g. for a page's "/" shortcut that focuses the search. */
  inputRef?: Ref<HTMLInputElement>;
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
  maxLength = searchMaxLength,
  value,
  defaultValue,
  onChange,
  inputRef,
  ...props
}: SearchFieldProps) {
  // Held here even when uncontrolled: the input's maxlength stops typing and pasting in a browser,
  // but not a value set by script, so every value is cut to the cap on its way in.
  const [own, setOwn] = useState(() => (defaultValue ?? "").slice(0, maxLength));
  const current = (value ?? own).slice(0, maxLength);
  return (
    <AriaSearchField
      {...props}
      maxLength={maxLength}
      value={current}
      onChange={(next) => {
        const capped = next.slice(0, maxLength);
        if (value === undefined) setOwn(capped);
        onChange?.(capped);
      }}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, prev))}
    >
      {({ isEmpty, isDisabled, isInvalid }) => (
        <>
          {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
          <Group isDisabled={isDisabled} isInvalid={isInvalid} className={styles.control({ group: true })}>
            <Search className={styles.leadingIcon} aria-hidden="true" />
            <Input ref={inputRef} placeholder={placeholder} className={styles.groupInput} />
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
