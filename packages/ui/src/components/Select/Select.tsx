import { ChevronDown } from "lucide-react";
import { type RefObject, useId } from "react";
import { type SelectProps as AriaSelectProps, Button, FieldErrorContext, type Key } from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, type FieldBaseProps, FieldHelp, Label } from "../Field/Field.tsx";
import type { FieldOption } from "../Field/FieldPopover.tsx";
import { DeferredMenuTrigger, lazyMenuTrigger, type PlaceholderTriggerProps } from "../shared/DeferredMenuTrigger.tsx";
import * as selectStyles from "./Select.css.ts";

export type SelectOption = FieldOption;

export interface SelectProps<T extends SelectOption = SelectOption>
  extends Omit<AriaSelectProps<T, "single">, "children" | "selectionMode">,
    FieldBaseProps {
  /** The choices. A disabled one stays listed with its `description` saying why. */
  items: Iterable<T>;
}

// react-aria's Select module imports its popover, dialog and menu modules and the listbox: about
// 17 kB a filter bar would load before its page could draw. They load right after the first render.
const loaded = lazyMenuTrigger(async () => (await import("./LoadedSelect.tsx")).LoadedSelect);

/**
 * Pick one option from a list. Typing on the closed trigger jumps to a matching option.
 *
 * The field draws at once; react-aria's Select (its listbox, popover and typeahead) loads right
 * after the first render and takes its place without a change on screen. A press or an arrow key on
 * the field before then opens the list as soon as it arrives, and focus stays on the trigger.
 */
export function Select<T extends SelectOption = SelectOption>(props: SelectProps<T>) {
  return (
    <DeferredMenuTrigger
      trigger={(triggerProps, ref) => <SelectPlaceholder {...props} triggerProps={triggerProps} triggerRef={ref} />}
      isLoaded={loaded.isLoaded}
      preload={loaded.preload}
      loaded={(handoff) => <loaded.Component {...(props as SelectProps)} handoff={handoff} />}
    />
  );
}

/** The chosen option's id, whichever way the caller passes it. */
function chosenKey(props: SelectProps<SelectOption>): Key | null | undefined {
  const p = props as {
    value?: Key | null;
    defaultValue?: Key | null;
    selectedKey?: Key | null;
    defaultSelectedKey?: Key | null;
  };
  if (p.value !== undefined) return p.value;
  if (p.selectedKey !== undefined) return p.selectedKey;
  return p.defaultValue ?? p.defaultSelectedKey;
}

/**
 * The field as react-aria's Select draws it while closed (label, trigger with the chosen option's
 * label, help and error), without its code; only for the moment before that code arrives.
 */
function SelectPlaceholder<T extends SelectOption>({
  triggerProps,
  triggerRef,
  ...props
}: SelectProps<T> & { triggerProps: PlaceholderTriggerProps; triggerRef: RefObject<HTMLButtonElement | null> }) {
  const { label, description, errorMessage, items, className, isDisabled, isInvalid, isRequired, placeholder } = props;
  const labelId = useId();
  const valueId = useId();
  const key = chosenKey(props as SelectProps<SelectOption>);
  const chosen = key == null ? undefined : Array.from(items).find((item) => item.id === key);
  return (
    <FieldErrorContext.Provider
      value={{ isInvalid: Boolean(isInvalid), validationErrors: [], validationDetails: {} as ValidityState }}
    >
      <div
        className={cx(styles.field, selectStyles.root, typeof className === "string" ? className : undefined)}
        data-disabled={isDisabled || undefined}
        data-invalid={isInvalid || undefined}
        data-required={isRequired || undefined}
      >
        {label ? (
          <Label id={labelId} isRequired={isRequired}>
            {label}
          </Label>
        ) : null}
        <Button
          {...triggerProps}
          ref={triggerRef}
          {...(props.autoFocus ? { autoFocus: true } : {})}
          isDisabled={Boolean(isDisabled)}
          aria-haspopup="listbox"
          aria-labelledby={label ? `${valueId} ${labelId}` : valueId}
          className={cx(styles.control(), selectStyles.trigger)}
        >
          <span id={valueId} className={selectStyles.value} data-placeholder={chosen ? undefined : true}>
            {chosen ? chosen.label : (placeholder ?? "Select an item")}
          </span>
          <ChevronDown className={styles.fieldIcon} aria-hidden="true" />
        </Button>
        <FieldHelp description={description} errorMessage={errorMessage} />
      </div>
    </FieldErrorContext.Provider>
  );
}
