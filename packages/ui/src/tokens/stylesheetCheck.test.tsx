import "./lightTheme.css.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkStylesheetOnce,
  isStylesheetApplied,
  missingStylesheetMessage,
  resetStylesheetCheck,
} from "./stylesheetCheck.ts";

/** A document with none of the kit's CSS, as in an app that forgot the stylesheet import. */
async function unstyledRoot(): Promise<Element> {
  const frame = document.createElement("iframe");
  document.body.append(frame);
  cleanups.push(() => frame.remove());
  const root = frame.contentDocument?.documentElement;
  if (!root) throw new Error("iframe has no document");
  return root;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  resetStylesheetCheck();
});

describe("missing stylesheet check", () => {
  it("sees the kit's tokens where the stylesheet is applied", () => {
    expect(isStylesheetApplied(document.documentElement)).toBe(true);
  });

  it("warns once in development when the tokens are missing", async () => {
    const root = await unstyledRoot();
    expect(isStylesheetApplied(root)).toBe(false);
    const warn = vi.fn();
    checkStylesheetOnce(root, { development: true, warn });
    checkStylesheetOnce(root, { development: true, warn });
    expect(warn.mock.calls).toEqual([[missingStylesheetMessage]]);
    expect(missingStylesheetMessage).toContain('Import "@sentinel/ui/style.css"');
  });

  it("stays silent in production and where the stylesheet is applied", async () => {
    const warn = vi.fn();
    checkStylesheetOnce(await unstyledRoot(), { development: false, warn });
    checkStylesheetOnce(document.documentElement, { development: true, warn });
    expect(warn).not.toHaveBeenCalled();
  });
});
