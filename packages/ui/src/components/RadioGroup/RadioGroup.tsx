import type { ReactNode } from "react";
import {
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  composeRenderProps,
  RadioButton,
  RadioField,
  type RadioFieldProps,
} from "react-aria-components";
import * as choiceStyles from "../Checkbox/Checkbox.css.ts";
import * as fieldStyles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldDescription, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, "children">, FieldBaseProps {
  /** `Radio`s, each with a `value`. */
  children?: ReactNode;
}

/** A labelled set of mutually exclusive options. Arrow keys move the choice, Tab leaves the group. */
export function RadioGroup({
  label,
  description,
  errorMessage,
  validationBehavior,
  className,
  children,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(fieldStyles.field, prev))}
    >
      {({ orientation }) => (
        <>
          {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
          <div className={choiceStyles.options({ orientation })}>{children}</div>
          <FieldHelp description={description} errorMessage={errorMessage} />
        </>
      )}
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<RadioFieldProps, "children"> {
  /** The option's label. */
  children?: ReactNode;
  /** Secondary text under the label, announced with the option. */
  description?: ReactNode;
}

/** One option of a `RadioGroup`. */
export function Radio({ children, description, className, ...props }: RadioProps) {
  return (
    <RadioField {...props} className={composeRenderProps(className, (prev) => cx(choiceStyles.item, prev))}>
      <RadioButton className={choiceStyles.button}>
        <span className={choiceStyles.indicator({ shape: "circle" })} aria-hidden="true" />
        <span>{children}</span>
      </RadioButton>
      {description ? (
        <div className={choiceStyles.itemHelp}>
          <FieldDescription>{description}</FieldDescription>
        </div>
      ) : null}
    </RadioField>
  );
}
