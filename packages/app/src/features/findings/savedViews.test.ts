import { describe, expect, it } from "vitest";
import {
  loadSavedViews,
  type SavedViewStorage,
  savedViewNameError,
  savedViewsKey,
  storeSavedViews,
  withoutSavedView,
  withSavedView,
} from "./savedViews.ts";

function memory(): SavedViewStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const throwing: SavedViewStorage = {
  getItem: () => {
    throw new DOMException("blocked", "SecurityError");
  },
  setItem: () => {
    throw new DOMException("full", "QuotaExceededError");
  },
};

describe("saved views", () => {
  it("stores per user and reads back after a reload", () => {
    const storage = memory();
    const views = withSavedView([], { name: " High open ", query: "severity=HIGH" });
    expect(storeSavedViews(storage, 7, views)).toBe(true);
    expect(loadSavedViews(storage, 7)).toEqual([{ name: "High open", query: "severity=HIGH" }]);
    expect(loadSavedViews(storage, 8)).toEqual([]);
    expect([...storage.items.keys()]).toEqual([savedViewsKey(7)]);
    expect(savedViewsKey(7)).toContain("7");
  });

  it("tolerates blocked storage", () => {
    expect(loadSavedViews(throwing, 1)).toEqual([]);
    expect(storeSavedViews(throwing, 1, [{ name: "a", query: "" }])).toBe(false);
    expect(loadSavedViews(null, 1)).toEqual([]);
    expect(storeSavedViews(null, 1, [])).toBe(false);
  });

  it("drops corrupt data and bad entries", () => {
    const storage = memory();
    storage.setItem(savedViewsKey(1), "{not json");
    expect(loadSavedViews(storage, 1)).toEqual([]);
    storage.setItem(savedViewsKey(1), JSON.stringify({ name: "x" }));
    expect(loadSavedViews(storage, 1)).toEqual([]);
    storage.setItem(
      savedViewsKey(1),
      JSON.stringify([
        { name: "ok", query: "status=ACTIVE" },
        { name: "", query: "" },
        { name: 3, query: "x" },
        null,
        { name: "x".repeat(61), query: "" },
        { name: "OK", query: "dup" },
      ]),
    );
    expect(loadSavedViews(storage, 1)).toEqual([{ name: "ok", query: "status=ACTIVE" }]);
  });

  it("validates names: required, at most 60 characters, unique ignoring case", () => {
    const views = [{ name: "Critical web", query: "" }];
    expect(savedViewNameError("  ", views)).toBe("Enter a name for this view.");
    expect(savedViewNameError("x".repeat(61), views)).toBe("Use at most 60 characters.");
    expect(savedViewNameError("x".repeat(60), views)).toBeNull();
    expect(savedViewNameError(" critical WEB ", views)).toBe("A view with this name already exists.");
    expect(savedViewNameError("Other", views)).toBeNull();
  });

  it("deletes by name", () => {
    const views = [
      { name: "a", query: "1" },
      { name: "b", query: "2" },
    ];
    expect(withoutSavedView(views, "a")).toEqual([{ name: "b", query: "2" }]);
  });
});
