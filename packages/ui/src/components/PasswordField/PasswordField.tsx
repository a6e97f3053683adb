import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  composeRenderProps,
  Group,
  Input,
  ToggleButton,
} from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, "children" | "type">, FieldBaseProps {
  /** Hint inside the empty input. */
  placeholder?: string;
  /**
   * Browser autofill hint; use `"new-password"` on sign-up and reset forms.
   * @default "current-password"
   */
  autoComplete?: string;
  /**
   * Accessible name of the reveal toggle. It stays the same in both states; `aria-pressed` says
   * whether the password is shown (a toggle whose name also flips would read "Hide password, pressed").
   * @default "Show password"
   */
  toggleLabel?: string;
}

/**
 * A password input with a reveal toggle. Revealing only switches the input's `type`, so the value,
 * caret and focus stay where they were.
 */
export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  autoComplete = "current-password",
  toggleLabel = "Show password",
  validationBehavior,
  className,
  ...props
}: PasswordFieldProps) {
  const [isRevealed, setRevealed] = useState(false);
  return (
    <AriaTextField
      {...props}
      type={isRevealed ? "text" : "password"}
      autoComplete={autoComplete}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, prev))}
    >
      {({ isDisabled, isInvalid }) => (
        <>
          {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
          <Group isDisabled={isDisabled} isInvalid={isInvalid} className={styles.control({ group: true })}>
            <Input placeholder={placeholder} className={styles.groupInput} spellCheck={false} />
            <ToggleButton
              aria-label={toggleLabel}
              isSelected={isRevealed}
              onChange={setRevealed}
              isDisabled={isDisabled}
              className={styles.fieldButton}
            >
              {isRevealed ? (
                <EyeOff className={styles.fieldIcon} aria-hidden="true" />
              ) : (
                <Eye className={styles.fieldIcon} aria-hidden="true" />
              )}
            </ToggleButton>
          </Group>
          <FieldHelp description={description} errorMessage={errorMessage} />
        </>
      )}
    </AriaTextField>
  );
}
