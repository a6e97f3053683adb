import { expect, type Page, test } from "@playwright/test";

/**
 * The guard on the sign-in page's boot path (the deployed build, static mode off). The first call
 * into Intl loads the browser's locale data: about 50 ms of main thread on this machine, four times
 * that on Lighthouse's slow phone, which made it most of the boot's longest task. The page needs no
 * Intl until the user acts, so any call before then is a regression of its blocking time, caught
 * here without timing anything (a timed test would be flaky; `pnpm bench` reports the figures).
 */

/** Records every use of Intl, and of the built-ins that load locale data, with its stack. */
function recordIntlUse() {
  const calls: string[] = [];
  Object.assign(window, { __intlCalls: calls });
  const record = (name: string) => calls.push(`${name}\n${new Error().stack ?? ""}`);
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = intl[name];
    if (typeof original !== "function") continue;
    intl[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        record(`new Intl.${name}`);
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        record(`Intl.${name}`);
        return Reflect.apply(target, self, args);
      },
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "supportedLocalesOf" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          record(`Intl.${name}.supportedLocalesOf`);
          return Reflect.apply(value, target, args);
        };
      },
    });
  }
  const localeMethods: Array<[object, string]> = [
    [String.prototype, "localeCompare"],
    [Number.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleDateString"],
    [Date.prototype, "toLocaleTimeString"],
  ];
  for (const [prototype, name] of localeMethods) {
    const original = (prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value(this: unknown, ...args: unknown[]) {
        record(name);
        return original.apply(this, args);
      },
    });
  }
}

async function intlCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);
}

test("the sign-in page boots without calling Intl", async ({ page }) => {
  await page.addInitScript(recordIntlUse);
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  expect(await intlCalls(page), "Intl used before the user acted").toEqual([]);

  // The spy itself works: a call is recorded.
  await page.evaluate(() => new Intl.NumberFormat("en-US").format(1));
  expect(await intlCalls(page)).toHaveLength(1);
});

/**
 * The sign-in page's document names every script, stylesheet and setting its first render needs,
 * so they all download alongside the entry: none is discovered only once the entry has run (a
 * second round trip before the form shows, about half a second on Lighthouse's slow phone).
 */
test("the sign-in page's document announces everything its first render loads", async ({ page }) => {
  const html = await (await page.request.get("/auth/login")).text();
  const announced = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/[^"]+)"/g)].map(([, path]) => path),
  );
  const loaded: string[] = [];
  page.on("request", (request) => {
    const type = request.resourceType();
    if (type === "script" || type === "stylesheet" || type === "fetch") loaded.push(new URL(request.url()).pathname);
  });
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  expect(loaded.length, "the page loaded its code").toBeGreaterThan(3);
  expect(
    loaded.filter((path) => !announced.has(path)),
    "loaded by the sign-in page without being named in its document",
  ).toEqual([]);
});

/**
 * The loading indicator that index.html paints is not content (a bordered ring, no text or SVG):
 * the page's first contentful paint is the app's own, which is what the boot's blocking time is
 * measured from. That is the sign-in frame (the product's name) with its form, or, when the form's
 * code arrives a frame after the frame's (a loaded machine), the frame alone: what is checked is
 * that nothing before the app counted as content.
 */
test("the sign-in page's first contentful paint is the app's, not the loading indicator", async ({ page }) => {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector("main")) return;
      Object.assign(window, { __appInserted: performance.now() });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  // The paint entry is queued after the frame that painted, which can come after the button is
  // enabled on a loaded machine: wait for it through a buffered observer instead of reading it once.
  const { inserted, contentful } = await page.evaluate(async () => {
    const contentful = await new Promise<number>((resolve) => {
      new PerformanceObserver((list, observer) => {
        const entry = list.getEntriesByName("first-contentful-paint")[0];
        if (!entry) return;
        observer.disconnect();
        resolve(entry.startTime);
      }).observe({ type: "paint", buffered: true });
    });
    return { inserted: (window as unknown as { __appInserted?: number }).__appInserted, contentful };
  });
  expect(inserted, "the app's frame was inserted").toBeDefined();
  expect(contentful, "the page painted content").toBeDefined();
  expect(contentful).toBeGreaterThanOrEqual(inserted ?? Number.POSITIVE_INFINITY);
});
