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
  const opened = useRef(false);
  // Once, at mount: keep focus on the trigger (before opening, so the popover's focus scope returns
  // focus to this trigger).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus is handed over once
  useLayoutEffect(() => {
    if (handoff.hadFocus.current) triggerRef.current?.focus({ preventScroll: true });
  }, []);
  // Then open, once, for a press that came before the code. The press may arrive in a later update
  // than the mount: the placeholder's load at mount and the press are separate transitions, and the
  // first can commit this trigger before the second brings the press.
  useLayoutEffect(() => {
    if (opened.current || !handoff.openWith || !state) return;
    opened.current = true;
    state.open(handoff.openWith.strategy);
  });
  return null;
}
