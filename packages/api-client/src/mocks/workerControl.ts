/** What `untilControlled` needs from the page; the browser's own objects in static mode. */
export interface WorkerControlPage {
  serviceWorker: Pick<ServiceWorkerContainer, "controller" | "addEventListener">;
  sessionStorage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  reload(): void;
}

/** Set for the one reload below, so a page the worker never controls cannot reload forever. */
export const WORKER_RELOAD_KEY = "sentinel.static.reloadedForWorker";

/**
 * Resolves once the mock service worker controls the page. A call made before that goes to the web
 * server instead (a 405 for a sign-in POST on a static host). msw's start resolves once the worker
 * knows the page, and the worker claims it a moment later; on a busy machine the claim has been seen
 * not to arrive at all. A reload is controlled from its first request, so after `timeoutMs` the
 * page reloads, once, and this promise never settles (nothing may call the API meanwhile). If the
 * reloaded page is not controlled either, it goes on and the screens show their error states.
 */
export async function untilControlled(page: WorkerControlPage, timeoutMs: number): Promise<void> {
  const container = page.serviceWorker;
  if (!container.controller) {
    const claimed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      container.addEventListener(
        "controllerchange",
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        { once: true },
      );
    });
    if (!claimed && !container.controller) {
      if (readMark(page) === null) {
        writeMark(page, "1");
        page.reload();
        return new Promise<never>(() => {});
      }
      console.error("Static mode: the mock service worker does not control this page; requests go to the network.");
    }
  }
  writeMark(page, null);
}

function readMark(page: WorkerControlPage): string | null {
  try {
    return page.sessionStorage?.getItem(WORKER_RELOAD_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeMark(page: WorkerControlPage, value: string | null): void {
  try {
    if (value === null) page.sessionStorage?.removeItem(WORKER_RELOAD_KEY);
    else page.sessionStorage?.setItem(WORKER_RELOAD_KEY, value);
  } catch {
    // Storage can be blocked; the reload is then allowed again, which is harmless once.
  }
}
