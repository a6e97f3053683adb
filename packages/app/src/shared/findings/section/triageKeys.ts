import { useEffect, useRef } from "react";

export type StatusShortcut = 1 | 2 | 3 | 4 | 5;

export type TriageAction =
  | { type: "next" }
  | { type: "previous" }
  | { type: "toggle" }
  | { type: "open" }
  | { type: "setStatus"; status: StatusShortcut }
  | { type: "undo" }
  | { type: "focusSearch" }
  | { type: "help" };

/** What the decision needs of a keydown: the key, its modifiers, and where focus was. */
export interface TriageKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Focus is in a text field, select or contenteditable: keys are typing. */
  isTyping: boolean;
  /** Focus is on a grid row, which handles Enter (and the arrows) itself. */
  isInGridRow: boolean;
  /** Focus is on a button, link or other control, which Enter activates. */
  isOnControl: boolean;
  /** A modal dialog is open: the page behind it takes no keys. */
  isModalOpen: boolean;
}

/** The triage action a key asks for, or null when it is none (or must not fire here). */
export function triageActionFor(event: TriageKeyEvent): TriageAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isTyping || event.isModalOpen) return null;
  switch (event.key) {
    case "j":
      return { type: "next" };
    case "k":
      return { type: "previous" };
    case "x":
      return { type: "toggle" };
    case "o":
      return { type: "open" };
    case "Enter":
      // A focused row opens on Enter itself, and a focused control acts on it: answering too would act twice.
      return event.isInGridRow || event.isOnControl ? null : { type: "open" };
    case "1":
    case "2":
    case "3":
    case "4":
    case "5":
      return { type: "setStatus", status: Number(event.key) as StatusShortcut };
    case "u":
      return { type: "undo" };
    case "/":
      return { type: "focusSearch" };
    case "?":
      return { type: "help" };
    default:
      return null;
  }
}

const textInputTypes = new Set([
  "text",
  "search",
  "email",
  "password",
  "number",
  "tel",
  "url",
  "date",
  "datetime-local",
  "month",
  "time",
  "week",
]);

/** Whether keys typed at `target` are text: a text input, textarea, select, or anything contenteditable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return textInputTypes.has(target.type);
  // react-aria's spin buttons (date segments) and combo boxes are typed into too.
  if (target.closest('[contenteditable]:not([contenteditable="false"]), [role="spinbutton"], [role="combobox"]')) {
    return true;
  }
  return false;
}

const controls =
  'button, a[href], input, select, textarea, summary, [role="button"], [role="link"], [role="menuitem"], [role="option"], [role="tab"], [role="checkbox"], [role="switch"]';

function isModalOpen(document: Document): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') !== null;
}

export interface TriageHandlers {
  next(): void;
  previous(): void;
  toggle(): void;
  open(): void;
  setStatus(status: StatusShortcut): void;
  undo(): void;
  focusSearch(): void;
  help(): void;
}

/**
 * Issue 17's triage shortcuts on one document keydown listener. Arrows, Space and Enter on a
 * focused row are the grid's own; these add j/k, x, o, 1–5, u, / and ?. Nothing fires while the
 * user types, with Ctrl/Meta/Alt held, or under a modal dialog.
 */
export function useTriageKeys(handlers: TriageHandlers, options: { enabled: boolean }): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const { enabled } = options;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const action = triageActionFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        isTyping: isTypingTarget(target),
        isInGridRow: target?.closest('[role="grid"] tr, [role="grid"] [role="row"]') != null,
        isOnControl: target?.closest(controls) != null,
        isModalOpen: isModalOpen(document),
      });
      if (!action) return;
      // "/" would type into the search it focuses; "?" and the letters would scroll or find in page.
      event.preventDefault();
      const h = latest.current;
      switch (action.type) {
        case "setStatus":
          h.setStatus(action.status);
          break;
        case "next":
          h.next();
          break;
        case "previous":
          h.previous();
          break;
        case "toggle":
          h.toggle();
          break;
        case "open":
          h.open();
          break;
        case "undo":
          h.undo();
          break;
        case "focusSearch":
          h.focusSearch();
          break;
        case "help":
          h.help();
          break;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
