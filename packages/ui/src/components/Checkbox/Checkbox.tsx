import { Check, Minus } from "lucide-react";
import type { ReactNode } from "react";
import {
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  CheckboxButton,
  CheckboxField,
  type CheckboxFieldProps,
  composeRenderProps,
} from "react-aria-components";
import * as fieldStyles from "../Field/Field.css.ts";
import {
  cx,
  type FieldBaseProps,
  FieldDescription,
  FieldError,
  FieldHelp,
  Label,
  useValidationBehavior,
} from "../Field/Field.tsx";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./Checkbox.css.ts";

export interface CheckboxProps extends Omit<CheckboxFieldProps, "children">, Omit<FieldBaseProps, "label"> {
  /** The checkbox's label; clicking it toggles the box. */
  children?: ReactNode;
}

/**
 * A checkbox with an optional description and error. `isIndeterminate` shows a dash (e.g. a
 * "select all" over a partial selection); it is visual state only, the next click selects.
 * Inside a `CheckboxGroup`, give it a `value`.
 */
export function Checkbox({
  children,
  description,
  errorMessage,
  validationBehavior,
  className,
  ...props
}: CheckboxProps) {
  return (
    <CheckboxField
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.item, prev))}
    >
      <CheckboxButton className={styles.button}>
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className={styles.indicator()} aria-hidden="true">
              {isIndeterminate ? (
                <Minus className={styles.checkIcon} />
              ) : isSelected ? (
                <Check className={styles.checkIcon} />
              ) : null}
            </span>
            <span>{children}</span>
          </>
        )}
      </CheckboxButton>
      {description || errorMessage ? (
        <div className={styles.itemHelp}>
          {description ? <FieldDescription>{description}</FieldDescription> : null}
          {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
        </div>
      ) : null}
    </CheckboxField>
  );
}

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, "children">, FieldBaseProps {
  /** `Checkbox`es, each with a `value`. */
  children?: ReactNode;
  /**
   * Stacks the checkboxes (`vertical`) or lines them up and wraps them (`horizontal`).
   * @default "vertical"
   */
  orientation?: RecipeVariant<typeof styles.options, "orientation">;
}

/** A labelled set of checkboxes; `value` is the array of checked values. */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  orientation = "vertical",
  validationBehavior,
  className,
  children,
  ...props
}: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(fieldStyles.field, prev))}
    >
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <div className={styles.options({ orientation })}>{children}</div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaCheckboxGroup>
  );
}
