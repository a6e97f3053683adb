import { afterEach, describe, expect, it } from "vitest";
import { sidebarStorageKey, storedSidebarCollapsed, storeSidebarCollapsed } from "./sidebarMemory.ts";

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const local = new MemoryStorage();
Object.assign(globalThis, { window: { localStorage: local } });

afterEach(() => local.removeItem(sidebarStorageKey));

describe("the sidebar's memory (issue 28)", () => {
  it("knows nothing until the user chooses", () => {
    expect(storedSidebarCollapsed()).toBeNull();
  });

  it("gives back the last choice, as a reload reads it", () => {
    storeSidebarCollapsed(false);
    expect(storedSidebarCollapsed()).toBe(false);
    storeSidebarCollapsed(true);
    expect(storedSidebarCollapsed()).toBe(true);
  });

  it("ignores a value it did not write", () => {
    local.setItem(sidebarStorageKey, "sideways");
    expect(storedSidebarCollapsed()).toBeNull();
  });
});
