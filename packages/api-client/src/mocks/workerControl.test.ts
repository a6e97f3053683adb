import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { untilControlled, WORKER_RELOAD_KEY, type WorkerControlPage } from "./workerControl.ts";

class FakeContainer extends EventTarget {
  controller: ServiceWorker | null = null;
  claim() {
    this.controller = {} as ServiceWorker;
    this.dispatchEvent(new Event("controllerchange"));
  }
}

function fakePage() {
  const stored = new Map<string, string>();
  const serviceWorker = new FakeContainer();
  const reload = vi.fn();
  const page: WorkerControlPage = {
    serviceWorker: serviceWorker as unknown as WorkerControlPage["serviceWorker"],
    sessionStorage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    reload,
  };
  return { page, serviceWorker, reload, stored };
}

/** Whether the promise has settled after the timers and microtasks so far. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("untilControlled", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("resolves at once when the worker already controls the page, and clears a reload mark", async () => {
    const { page, serviceWorker, stored, reload } = fakePage();
    serviceWorker.controller = {} as ServiceWorker;
    stored.set(WORKER_RELOAD_KEY, "1");
    await untilControlled(page, 5000);
    expect(stored.has(WORKER_RELOAD_KEY)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("waits for the worker to claim the page", async () => {
    const { page, serviceWorker, reload } = fakePage();
    const waiting = untilControlled(page, 5000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(waiting)).toBe(false);
    serviceWorker.claim();
    expect(await settled(waiting)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads once, and never settles, when the claim does not come in time", async () => {
    const { page, reload, stored } = fakePage();
    const waiting = untilControlled(page, 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(stored.get(WORKER_RELOAD_KEY)).toBe("1");
    expect(await settled(waiting)).toBe(false);
  });

  it("goes on with an error after the reload did not help, instead of reloading forever", async () => {
    const { page, reload, stored } = fakePage();
    stored.set(WORKER_RELOAD_KEY, "1");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const waiting = untilControlled(page, 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await settled(waiting)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/does not control this page/));
    expect(stored.has(WORKER_RELOAD_KEY)).toBe(false);
  });
});
