import {
  type ComponentType,
  lazy,
  type ReactElement,
  type RefObject,
  Suspense,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { ButtonProps, KeyboardEvent, PressEvent } from "react-aria-components";

/** How react-aria's menu trigger focuses the menu it opens: its first item, its last, or the menu. */
export type MenuFocusStrategy = "first" | "last" | null;

/** What a placeholder trigger hands to the loaded menu trigger (see `LoadedMenuTrigger`). */
export interface MenuHandoff {
  /** A press came before the menu's code: open at mount, focusing as react-aria would have. */
  openWith: { strategy: MenuFocusStrategy } | undefined;
  /** Whether the placeholder had focus when it was replaced (read at mount, once the swap commits). */
  hadFocus: RefObject<boolean>;
}

/** Props the placeholder gives its trigger button (react-aria `ButtonProps` and a ref). */
export type PlaceholderTriggerProps = Pick<
  ButtonProps,
  "onFocus" | "onPressStart" | "onPress" | "onKeyDown" | "aria-haspopup" | "aria-expanded"
>;

/** A menu trigger module loaded on demand: its component (lazy), a preload, and whether it has loaded. */
export interface LazyMenuTrigger<P extends object> {
  Component: ComponentType<P>;
  preload: () => void;
  isLoaded: () => boolean;
}

/**
 * Wraps a lazily imported menu trigger (`load` resolves to its component). `isLoaded` turns true once
 * it has rendered, so later triggers render it at once, without a placeholder.
 */
export function lazyMenuTrigger<P extends object>(load: () => Promise<ComponentType<P>>): LazyMenuTrigger<P> {
  let hasRendered = false;
  const Component = lazy(async () => {
    const Loaded = await load();
    return {
      default: (props: P) => {
        hasRendered = true;
        return <Loaded {...props} />;
      },
    };
  });
  return { Component, preload: () => void load(), isLoaded: () => hasRendered };
}

export interface DeferredMenuTriggerProps {
  /** The trigger button, drawn at once; spread `props` and `ref` onto it. */
  trigger: (props: PlaceholderTriggerProps, ref: RefObject<HTMLButtonElement | null>) => ReactElement;
  /** Whether the menu's module has loaded (then no placeholder is drawn). */
  isLoaded: () => boolean;
  /** Starts loading the menu's module. */
  preload: () => void;
  /** The loaded menu trigger: an element of a lazy component that renders `LoadedMenuTrigger`. */
  loaded: (handoff: MenuHandoff) => ReactElement;
}

/**
 * A menu trigger whose menu code (react-aria's menu, popover, overlay positioning, focus scope and
 * collections) loads right after the first render instead of with the page; internal to the kit.
 * Until it arrives a placeholder draws the same trigger button with the same attributes; the loaded
 * trigger then takes its place (in a transition, so nothing blinks). Once loaded, triggers render
 * the real one at once. A press on the placeholder opens the menu as soon as the code arrives, with
 * react-aria's focus strategy, and focus stays on the trigger across the swap.
 */
export function DeferredMenuTrigger({ trigger, isLoaded, preload, loaded }: DeferredMenuTriggerProps) {
  const hadFocus = useRef(false);
  const [handoff, setHandoff] = useState<MenuHandoff | null>(() =>
    isLoaded() ? { openWith: undefined, hadFocus } : null,
  );
  const load = (openWith?: MenuHandoff["openWith"]) => {
    preload();
    startTransition(() => setHandoff((prev) => ({ openWith: openWith ?? prev?.openWith, hadFocus })));
  };
  return (
    <Suspense fallback={null}>
      {handoff ? loaded(handoff) : <Placeholder trigger={trigger} load={load} hadFocus={hadFocus} />}
    </Suspense>
  );
}

function Placeholder({
  trigger,
  load,
  hadFocus,
}: {
  trigger: DeferredMenuTriggerProps["trigger"];
  load: (openWith?: MenuHandoff["openWith"]) => void;
  hadFocus: RefObject<boolean>;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Right after the first render: the page draws without the menu's code, which follows at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount
  useEffect(() => load(), []);
  // Runs as the swap commits, while this button is still in the document.
  useLayoutEffect(
    () => () => {
      hadFocus.current = ref.current !== null && ref.current === ref.current.ownerDocument.activeElement;
    },
    [hadFocus],
  );
  // The presses and keys of react-aria's useMenuTrigger, remembered until the menu is there.
  return trigger(
    {
      "aria-haspopup": "true",
      "aria-expanded": false,
      onPressStart: (e: PressEvent) => {
        if (e.pointerType !== "touch" && e.pointerType !== "keyboard")
          load({ strategy: e.pointerType === "virtual" ? "first" : null });
      },
      onPress: (e: PressEvent) => {
        if (e.pointerType === "touch") load({ strategy: null });
      },
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key === "Enter" || e.key === " " || e.key === "ArrowDown") load({ strategy: "first" });
        else if (e.key === "ArrowUp") load({ strategy: "last" });
        else return e.continuePropagation();
        e.preventDefault();
      },
    },
    ref,
  );
}
