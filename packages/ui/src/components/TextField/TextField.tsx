import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  composeRenderProps,
  Input,
} from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "children">, FieldBaseProps {
  /** Hint inside the empty input. Never a replacement for `label`. */
  placeholder?: string;
}

/** A single-line text input with label, description and error. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  validationBehavior,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, prev))}
    >
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <Input placeholder={placeholder} className={styles.control()} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
