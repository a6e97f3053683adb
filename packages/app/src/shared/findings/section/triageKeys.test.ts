import { describe, expect, it } from "vitest";
import { type TriageKeyEvent, triageActionFor } from "./triageKeys.ts";
import { triageShortcuts } from "./triageShortcuts.ts";

const key = (k: string, over: Partial<TriageKeyEvent> = {}): TriageKeyEvent => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isTyping: false,
  isInGridRow: false,
  isOnControl: false,
  isModalOpen: false,
  ...over,
});

describe("triageActionFor", () => {
  it("maps the issue's keys to their actions", () => {
    expect(triageActionFor(key("j"))).toEqual({ type: "next" });
    expect(triageActionFor(key("k"))).toEqual({ type: "previous" });
    expect(triageActionFor(key("x"))).toEqual({ type: "toggle" });
    expect(triageActionFor(key("o"))).toEqual({ type: "open" });
    expect(triageActionFor(key("Enter"))).toEqual({ type: "open" });
    expect(triageActionFor(key("u"))).toEqual({ type: "undo" });
    expect(triageActionFor(key("/"))).toEqual({ type: "focusSearch" });
    expect(triageActionFor(key("?"))).toEqual({ type: "help" });
  });

  it("sets statuses 1 to 5 and nothing for other digits", () => {
    expect(triageActionFor(key("1"))).toEqual({ type: "setStatus", status: 1 });
    expect(triageActionFor(key("5"))).toEqual({ type: "setStatus", status: 5 });
    expect(triageActionFor(key("6"))).toBeNull();
    expect(triageActionFor(key("0"))).toBeNull();
  });

  it("leaves the arrows and Space to the grid", () => {
    expect(triageActionFor(key("ArrowDown"))).toBeNull();
    expect(triageActionFor(key("ArrowUp"))).toBeNull();
    expect(triageActionFor(key(" "))).toBeNull();
  });

  it("does not answer Enter on a grid row or a control, which act on it themselves", () => {
    expect(triageActionFor(key("Enter", { isInGridRow: true }))).toBeNull();
    expect(triageActionFor(key("Enter", { isOnControl: true }))).toBeNull();
    expect(triageActionFor(key("o", { isInGridRow: true }))).toEqual({ type: "open" });
    expect(triageActionFor(key("x", { isInGridRow: true }))).toEqual({ type: "toggle" });
  });

  it("fires nothing while typing, with a modifier held, or under a modal", () => {
    for (const k of ["j", "x", "o", "1", "u", "/", "?"]) {
      expect(triageActionFor(key(k, { isTyping: true }))).toBeNull();
      expect(triageActionFor(key(k, { ctrlKey: true }))).toBeNull();
      expect(triageActionFor(key(k, { metaKey: true }))).toBeNull();
      expect(triageActionFor(key(k, { altKey: true }))).toBeNull();
      expect(triageActionFor(key(k, { isModalOpen: true }))).toBeNull();
    }
  });

  it("ignores other keys and capitals", () => {
    expect(triageActionFor(key("a"))).toBeNull();
    expect(triageActionFor(key("J"))).toBeNull();
  });
});

describe("triageShortcuts", () => {
  it("lists every status in the status picker's order", () => {
    const statuses = triageShortcuts.filter((s) => /^[1-5]$/.test(s.keys[0] ?? ""));
    expect(statuses.map((s) => s.description)).toEqual([
      "Set status to Active",
      "Set status to Fixing",
      "Set status to Mitigated",
      "Set status to Tolerated",
      "Set status to False Positive",
    ]);
  });

  it("covers every key triageActionFor answers", () => {
    const listed = new Set(triageShortcuts.flatMap((s) => s.keys));
    for (const k of ["j", "k", "x", "o", "Enter", "1", "2", "3", "4", "5", "u", "/", "?"]) expect(listed).toContain(k);
  });
});
