import { describe, expect, it } from "vitest";
import { createMemoryStorage, replaceBlockedLocalStorage } from "./blockedStorage.ts";

function windowWith(getStorage: () => Storage): Window {
  const target = {};
  Object.defineProperty(target, "localStorage", { configurable: true, get: getStorage });
  return target as Window;
}

describe("replaceBlockedLocalStorage", () => {
  it("puts a working in-memory storage where every use throws", () => {
    const target = windowWith(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    expect(replaceBlockedLocalStorage(target)).toBe(true);
    target.localStorage.setItem("a", "1");
    expect(target.localStorage.getItem("a")).toBe("1");
    expect(target.localStorage.length).toBe(1);
  });

  it("leaves a working storage alone", () => {
    const storage = createMemoryStorage();
    const target = windowWith(() => storage);
    expect(replaceBlockedLocalStorage(target)).toBe(false);
    expect(target.localStorage).toBe(storage);
  });
});

describe("createMemoryStorage", () => {
  it("behaves as Storage: strings in, null for a missing key, keys by index, clear", () => {
    const storage = createMemoryStorage();
    storage.setItem("n", 5 as unknown as string);
    expect(storage.getItem("n")).toBe("5");
    expect(storage.getItem("missing")).toBeNull();
    expect(storage.key(0)).toBe("n");
    expect(storage.key(1)).toBeNull();
    storage.removeItem("n");
    storage.setItem("x", "1");
    storage.clear();
    expect(storage.length).toBe(0);
  });
});
