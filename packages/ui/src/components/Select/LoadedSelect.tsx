import { ChevronDown } from "lucide-react";
import { type RefObject, useContext, useLayoutEffect, useRef } from "react";
import {
  Select as AriaSelect,
  Button,
  composeRenderProps,
  SelectStateContext,
  SelectValue,
} from "react-aria-components";
import * as styles from "../Field/Field.css.ts";
import { cx, FieldHelp, Label, useValidationBehavior } from "../Field/Field.tsx";
import { FieldPopover, OptionList } from "../Field/FieldPopover.tsx";
import type { MenuHandoff } from "../shared/DeferredMenuTrigger.tsx";
import * as selectStyles from "./Select.css.ts";
import type { SelectOption, SelectProps } from "./Select.tsx";

/**
 * The Select itself: react-aria's Select with its listbox popover. `Select` loads this module right
 * after its first render and draws a placeholder of the same field until then (Select.tsx).
 */
export function LoadedSelect<T extends SelectOption = SelectOption>({
  label,
  description,
  errorMessage,
  items,
  validationBehavior,
  className,
  handoff,
  ...props
}: SelectProps<T> & { handoff: MenuHandoff }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <AriaSelect
      {...props}
      validationBehavior={useValidationBehavior(validationBehavior)}
      className={composeRenderProps(className, (prev) => cx(styles.field, selectStyles.root, prev))}
    >
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <Button ref={triggerRef} className={cx(styles.control(), selectStyles.trigger)}>
        {/* Only the label: the option's check mark and description belong in the list, not the trigger. */}
        <SelectValue className={selectStyles.value}>
          {({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder ? defaultChildren : selectedText)}
        </SelectValue>
        <ChevronDown className={styles.fieldIcon} aria-hidden="true" />
      </Button>
      <TakeOver handoff={handoff} triggerRef={triggerRef} />
      <FieldHelp description={description} errorMessage={errorMessage} />
      <FieldPopover>
        <OptionList items={items} />
      </FieldPopover>
    </AriaSelect>
  );
}

/**
 * Takes over from the placeholder: at mount, keeps focus on the trigger; then opens for a press
 * that came before the code (after the focus, so the popover returns focus to this trigger), once
 * react-aria has built the options (a Select with no options does not open, and they are collected
 * after its first render).
 */
function TakeOver({ handoff, triggerRef }: { handoff: MenuHandoff; triggerRef: RefObject<HTMLButtonElement | null> }) {
  const state = useContext(SelectStateContext);
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus is handed over once
  useLayoutEffect(() => {
    if (handoff.hadFocus.current) triggerRef.current?.focus({ preventScroll: true });
  }, []);
  useLayoutEffect(() => {
    if (opened.current || !handoff.openWith || !state || state.collection.size === 0) return;
    opened.current = true;
    state.open(handoff.openWith.strategy ?? undefined);
  });
  return null;
}
