import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import {
  FieldError as AriaFieldError,
  type FieldErrorProps as AriaFieldErrorProps,
  Label as AriaLabel,
  type LabelProps as AriaLabelProps,
  FormContext,
  Text,
  type TextProps,
  useSlottedContext,
  type ValidationResult,
} from "react-aria-components";
import * as styles from "./Field.css.ts";

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/** Props every form field shares for its label, help text and error. */
export interface FieldBaseProps {
  /** Visible label. Without one, pass `aria-label`. */
  label?: ReactNode;
  /** Help text under the control, linked to it with `aria-describedby`. */
  description?: ReactNode;
  /**
   * Error shown while the field is invalid (from `isInvalid`, `validate` or native constraints).
   * A function receives react-aria's validation result, e.g. to word a built-in error.
   * Without it, the browser's or `validate`'s messages are shown.
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/**
 * Fields validate with `validationBehavior="aria"` unless told otherwise: errors show as soon as
 * the value is invalid and never block the form with the browser's bubbles. A surrounding `Form`
 * that sets its own behaviour wins, as in react-aria.
 */
export function useValidationBehavior(behavior?: "native" | "aria"): "native" | "aria" {
  const form = useSlottedContext(FormContext);
  return behavior ?? form?.validationBehavior ?? "aria";
}

export interface LabelProps extends AriaLabelProps {
  /**
   * Adds a visual required marker. Assistive technology learns it from the input's `aria-required`.
   * @default false
   */
  isRequired?: boolean;
}

/** A field label. Inside a react-aria field it is wired to the control automatically. */
export function Label({ isRequired = false, className, children, ...props }: LabelProps) {
  return (
    <AriaLabel {...props} className={cx(styles.label, className)}>
      {children}
      {isRequired ? (
        <span className={styles.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </AriaLabel>
  );
}

export type FieldDescriptionProps = Omit<TextProps, "slot">;

/** Help text of a field, announced with the control. */
export function FieldDescription({ className, ...props }: FieldDescriptionProps) {
  return <Text {...props} slot="description" className={cx(styles.description, className)} />;
}

export type FieldErrorProps = AriaFieldErrorProps;

/** The field's error; rendered only while the field is invalid, and announced with the control. */
export function FieldError({ className, children, ...props }: FieldErrorProps) {
  return (
    <AriaFieldError
      {...props}
      className={(rp) => cx(styles.error, typeof className === "function" ? className(rp) : className)}
    >
      {(validation) => (
        <>
          <CircleAlert className={styles.fieldIcon} aria-hidden="true" />
          <span>
            {typeof children === "function"
              ? children(validation)
              : (children ?? validation.validationErrors.join(" "))}
          </span>
        </>
      )}
    </AriaFieldError>
  );
}

/** Description then error: the tail every field renders. */
export function FieldHelp({ description, errorMessage }: Pick<FieldBaseProps, "description" | "errorMessage">) {
  return (
    <>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldError>{errorMessage}</FieldError>
    </>
  );
}
