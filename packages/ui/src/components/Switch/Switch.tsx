import type { ReactNode } from "react";
import { composeRenderProps, SwitchButton, SwitchField, type SwitchFieldProps } from "react-aria-components";
import * as choiceStyles from "../Checkbox/Checkbox.css.ts";
import { cx, type FieldBaseProps, FieldDescription, FieldError, useValidationBehavior } from "../Field/Field.tsx";

export interface SwitchProps extends Omit<SwitchFieldProps, "children">, Omit<FieldBaseProps, "label"> {
  /** The switch's label: name the setting, not the state ("Email alerts", not "On"). */
  children?: ReactNode;
}

/** An on/off setting that applies immediately. For a choice submitted with a form, prefer `Checkbox`. */
export function Switch({ children, description, errorMessage, validationBehavior, className, ...props }: SwitchProps) {
  return (
    <SwitchField
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(choiceStyles.item, prev))}
    >
      <SwitchButton className={choiceStyles.button}>
        <span className={choiceStyles.track} aria-hidden="true">
          <span className={choiceStyles.thumb} />
        </span>
        <span>{children}</span>
      </SwitchButton>
      {description || errorMessage ? (
        <div className={cx(choiceStyles.itemHelp, choiceStyles.switchHelp)}>
          {description ? <FieldDescription>{description}</FieldDescription> : null}
          {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
        </div>
      ) : null}
    </SwitchField>
  );
}
