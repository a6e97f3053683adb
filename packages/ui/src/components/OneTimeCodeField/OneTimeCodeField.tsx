import { assignInlineVars } from "@vanilla-extract/dynamic";
import { useRef, useState } from "react";
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  composeRenderProps,
  Input,
} from "react-aria-components";
import * as fieldStyles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";
import * as styles from "./OneTimeCodeField.css.ts";

export interface OneTimeCodeFieldProps
  extends Omit<
      AriaTextFieldProps,
      | "children"
      | "type"
      | "inputMode"
      | "autoComplete"
      | "maxLength"
      | "pattern"
      | "value"
      | "defaultValue"
      | "onChange"
    >,
    FieldBaseProps {
  /** The digits entered so far (controlled). */
  value?: string;
  /**
   * Initial digits (uncontrolled).
   * @default ""
   */
  defaultValue?: string;
  /** Called with the cleaned digits on every change. */
  onChange?: (code: string) => void;
  /** Called once each time the code reaches `length` digits, typed or pasted. */
  onComplete?: (code: string) => void;
  /**
   * Number of digits in the code.
   * @default 6
   */
  length?: number;
}

/**
 * A one-time-code (2FA / OTP) input.
 *
 * One input rather than a box per digit: it is a single labelled field for screen readers, the
 * browser's and password managers' `autocomplete="one-time-code"` fills it in one go, and paste,
 * undo and select-all behave as users expect. Anything that isn't a digit (spaces, dashes in
 * "123-456") is dropped, and extra digits are cut at `length`.
 */
export function OneTimeCodeField({
  label,
  description,
  errorMessage,
  value,
  defaultValue = "",
  onChange,
  onComplete,
  length = 6,
  validationBehavior,
  className,
  ...props
}: OneTimeCodeFieldProps) {
  const clean = (text: string) => text.replace(/\D/g, "").slice(0, length);
  const [uncontrolled, setUncontrolled] = useState(() => clean(defaultValue));
  const code = value !== undefined ? clean(value) : uncontrolled;
  // Completion fires on the change that completes the code, not on every re-render of a full code.
  const lastCompleted = useRef<string | null>(null);

  function handleChange(text: string) {
    const next = clean(text);
    if (value === undefined) setUncontrolled(next);
    onChange?.(next);
    if (next.length === length && next !== lastCompleted.current) {
      lastCompleted.current = next;
      onComplete?.(next);
    } else if (next.length < length) {
      lastCompleted.current = null;
    }
  }

  return (
    <AriaTextField
      {...props}
      value={code}
      onChange={handleChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(fieldStyles.field, prev))}
    >
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <Input
        className={cx(fieldStyles.control(), styles.input)}
        style={assignInlineVars({ [styles.digits]: String(length) })}
        spellCheck={false}
      />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
