import { type ReactElement, type ReactNode, type RefObject, useContext, useLayoutEffect, useRef } from "react";
import { MenuTrigger, RootMenuTriggerStateContext } from "react-aria-components";
import type { MenuHandoff } from "./DeferredMenuTrigger.tsx";

export interface LoadedMenuTriggerProps {
  handoff: MenuHandoff;
  /** The same trigger button the placeholder drew, given a ref. */
  trigger: (ref: RefObject<HTMLButtonElement | null>) => ReactElement;
  /** The menu's popover. */
  children: ReactNode;
}

/** react-aria's `MenuTrigger` taking over from a `DeferredMenuTrigger` placeholder (in the lazy chunk). */
export function LoadedMenuTrigger({ handoff, trigger, children }: LoadedMenuTriggerProps) {
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <MenuTrigger>
      {trigger(ref)}
      <TakeOver handoff={handoff} triggerRef={ref} />
      {children}
    </MenuTrigger>
  );
}

function TakeOver({ handoff, triggerRef }: { handoff: MenuHandoff; triggerRef: RefObject<HTMLButtonElement | null> }) {
  const state = useContext(RootMenuTriggerStateContext);
  // Once, at mount: keep focus on the trigger, then open for a press that came before the code (so
  // the popover's focus scope returns focus to this trigger).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handoff happens once
  useLayoutEffect(() => {
    if (handoff.hadFocus.current) triggerRef.current?.focus({ preventScroll: true });
    if (handoff.openWith) state?.open(handoff.openWith.strategy);
  }, []);
  return null;
}
