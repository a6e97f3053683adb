import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  composeRenderProps,
} from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";

export interface TextAreaProps extends Omit<AriaTextFieldProps, "children" | "type">, FieldBaseProps {
  /** Hint inside the empty text area. Never a replacement for `label`. */
  placeholder?: string;
  /**
   * Visible lines before the user resizes it (vertical resize only).
   * @default 4
   */
  rows?: number;
}

/** A multi-line text input with label, description and error. */
export function TextArea({
  label,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  validationBehavior,
  className,
  ...props
}: TextAreaProps) {
  return (
    <AriaTextField
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, prev))}
    >
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <AriaTextArea placeholder={placeholder} rows={rows} className={styles.control({ multiline: true })} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
