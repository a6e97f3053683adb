import { Minus, Plus } from "lucide-react";
import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Button,
  composeRenderProps,
  Group,
  I18nProvider,
  Input,
} from "react-aria-components";
import { numberLocale } from "../../format/number.ts";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, "children">, FieldBaseProps {
  /** Hint inside the empty input. */
  placeholder?: string;
  /**
   * Shows − / + stepper buttons around the input (arrow keys and the wheel step either way).
   * @default true
   */
  showSteppers?: boolean;
}

/**
 * A number input in the product's number format ("1.500", decimal comma), whatever the app's
 * locale. `formatOptions` takes `Intl.NumberFormat` options (currency, percent, fraction digits,
 * `useGrouping: false` for ports and years); `minValue`, `maxValue` and `step` clamp and snap.
 * Intl writes unit names in that locale too ("30 dtk"), so put a unit in the label instead.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  showSteppers = true,
  validationBehavior,
  className,
  ...props
}: NumberFieldProps) {
  // react-aria formats and parses in the locale it is given. It has no Indonesian strings, so the
  // steppers keep their English names.
  return (
    <I18nProvider locale={numberLocale}>
      <AriaNumberField
        {...props}
        validationBehavior={useValidationBehavior(validationBehavior)}
        className={composeRenderProps(className, (prev) => cx(styles.field, prev))}
      >
        {({ isDisabled, isInvalid }) => (
          <>
            {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
            <Group isDisabled={isDisabled} isInvalid={isInvalid} className={styles.control({ group: true })}>
              {showSteppers ? (
                <Button slot="decrement" className={styles.fieldButton}>
                  <Minus className={styles.fieldIcon} aria-hidden="true" />
                </Button>
              ) : null}
              <Input placeholder={placeholder} className={cx(styles.groupInput, showSteppers && styles.numberInput)} />
              {showSteppers ? (
                <Button slot="increment" className={styles.fieldButton}>
                  <Plus className={styles.fieldIcon} aria-hidden="true" />
                </Button>
              ) : null}
            </Group>
            <FieldHelp description={description} errorMessage={errorMessage} />
          </>
        )}
      </AriaNumberField>
    </I18nProvider>
  );
}
