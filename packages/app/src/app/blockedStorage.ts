/** A `Storage` that keeps its items in memory, for as long as the page lives. */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(String(key)) ?? null,
    setItem: (key, value) => {
      items.set(String(key), String(value));
    },
    removeItem: (key) => {
      items.delete(String(key));
    },
    clear: () => items.clear(),
  };
}

/**
 * Where the browser throws on any use of localStorage (site data blocked for this site), puts an
 * in-memory stand-in in its place and returns true. Static mode's mock library reads the global
 * `localStorage` when it loads and fails to load without one; with the stand-in the demo runs
 * and keeps its data until the page is left or reloaded. A storage that works, even a full one,
 * is left alone.
 */
export function replaceBlockedLocalStorage(target: Window): boolean {
  try {
    target.localStorage.getItem("sentinel.storage-probe");
    return false;
  } catch {
    // Blocked: replace it below.
  }
  try {
    Object.defineProperty(target, "localStorage", { configurable: true, value: createMemoryStorage() });
    return true;
  } catch {
    return false;
  }
}
