import { afterEach, describe, expect, it, vi } from "vitest";
import { render } from "vitest-browser-react";
import { isTypingTarget, type TriageHandlers, useTriageKeys } from "./triageKeys.ts";

/** The listener in a real document: where focus is decides whether a key is a shortcut. */

let unmount: (() => unknown) | null = null;

afterEach(async () => {
  await unmount?.();
  unmount = null;
});

function spies(): TriageHandlers {
  return {
    next: vi.fn(),
    previous: vi.fn(),
    toggle: vi.fn(),
    open: vi.fn(),
    setStatus: vi.fn(),
    undo: vi.fn(),
    focusSearch: vi.fn(),
    help: vi.fn(),
  };
}

function Listener({ handlers, enabled }: { handlers: TriageHandlers; enabled: boolean }) {
  useTriageKeys(handlers, { enabled });
  return (
    <div>
      <input aria-label="Search" type="search" />
      <input aria-label="Pick" type="checkbox" />
      <button type="button">Act</button>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid's own markup (FindingsGrid).
        role="grid"
        aria-label="Findings"
      >
        <tbody>
          <tr tabIndex={0} aria-rowindex={2}>
            <td>Row</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

async function mount(handlers: TriageHandlers, enabled = true): Promise<HTMLElement> {
  const screen = await render(<Listener handlers={handlers} enabled={enabled} />);
  unmount = screen.unmount;
  return screen.container;
}

function press(target: Element, key: string, init: KeyboardEventInit = {}) {
  (target as HTMLElement).focus();
  target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }));
}

describe("useTriageKeys", () => {
  it("answers shortcuts pressed on the page and on a grid row", async () => {
    const handlers = spies();
    const page = await mount(handlers);
    press(document.body, "j");
    press(document.body, "3");
    press(page.querySelector("tr") as Element, "x");
    expect(handlers.next).toHaveBeenCalledTimes(1);
    expect(handlers.setStatus).toHaveBeenCalledWith(3);
    expect(handlers.toggle).toHaveBeenCalledTimes(1);
  });

  it("leaves Enter to a focused row or button, and keys typed in a field alone", async () => {
    const handlers = spies();
    const page = await mount(handlers);
    press(page.querySelector("tr") as Element, "Enter");
    press(page.querySelector("button") as Element, "Enter");
    press(page.querySelector('input[type="search"]') as Element, "j");
    press(page.querySelector('input[type="search"]') as Element, "/");
    expect(handlers.open).not.toHaveBeenCalled();
    expect(handlers.next).not.toHaveBeenCalled();
    expect(handlers.focusSearch).not.toHaveBeenCalled();
  });

  it("stays silent with a modifier, under a modal dialog, and when disabled", async () => {
    const handlers = spies();
    await mount(handlers);
    press(document.body, "u", { ctrlKey: true });
    const modal = document.createElement("div");
    modal.setAttribute("role", "dialog");
    modal.setAttribute("aria-modal", "true");
    document.body.append(modal);
    press(document.body, "u");
    modal.remove();
    expect(handlers.undo).not.toHaveBeenCalled();
    await unmount?.();
    const off = spies();
    await mount(off, false);
    press(document.body, "?");
    expect(off.help).not.toHaveBeenCalled();
  });
});

describe("isTypingTarget", () => {
  it("counts text fields and editable content as typing, checkboxes and buttons not", () => {
    const input = (type: string) => Object.assign(document.createElement("input"), { type });
    expect(isTypingTarget(input("search"))).toBe(true);
    expect(isTypingTarget(input("text"))).toBe(true);
    expect(isTypingTarget(document.createElement("textarea"))).toBe(true);
    expect(isTypingTarget(input("checkbox"))).toBe(false);
    expect(isTypingTarget(document.createElement("button"))).toBe(false);
    const editable = document.createElement("div");
    editable.contentEditable = "true";
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(null)).toBe(false);
  });
});
