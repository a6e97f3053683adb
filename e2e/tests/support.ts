import { createRequire } from "node:module";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";

export const demo = {
  superadmin: "superadmin@example.com",
  analyst: "analyst@example.com",
  admin: "admin@example.com",
  member: "member@example.com",
  twofa: "twofa@example.com",
  setup2fa: "setup2fa@example.com",
} as const;

/**
 * Collects uncaught errors and console errors and warnings, so a test can assert a page ran cleanly:
 * a warning is a defect a user's console shows too.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    const type = message.type();
    if (type !== "error" && type !== "warning") return;
    const where = message.location().url;
    errors.push(`console ${type}: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  return errors;
}

/**
 * How long a screen change may take. A route's chunk, its first answers and its render all share two
 * cores with the rest of the suite; under that load a change has been seen to pass 10 s. The waits
 * below are conditions, so a generous bound costs nothing when the app is quick.
 */
const screenChangeTimeout = 30_000;

/** Signs in through the real form, the way a user does. */
export async function signIn(page: Page, email: string, password = "demo") {
  await page.getByLabel("E-mail").fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Opens `path` signed out, signs in from the login page it redirects to, and waits until the app
 * has left the login page (so the next `goto` does not race the session being stored).
 */
export async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // The shell is up: its sidebar, or on a narrow screen the button that opens it.
  await expect(
    page.getByRole("navigation", { name: "Main" }).or(page.getByRole("button", { name: "Open menu" })),
  ).toBeVisible();
}

/**
 * Static mode serves the hostile dataset (docs/app.md, "Static data"): every text a screen shows
 * carries a payload that tries to set `window.__xss`. Call before the first page load.
 */
export async function serveHostileData(target: Page | BrowserContext) {
  await target.addInitScript(() => window.localStorage.setItem("sentinel.static.dataset", "hostile"));
}

/** The hostile payloads in the sample data all try to set this flag. */
export async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
}

/**
 * A client-side navigation to any path, the way a link does it (react-router listens to popstate),
 * for routes the app does not link to. Cheaper than page.goto: no reload, no static-mode restart.
 */
export async function clientGo(page: Page, path: string, options: { redirects?: boolean } = {}) {
  // Right after a page load the app may still be booting: a navigation made before the frame is on
  // show cannot mark the screen it replaces, and the caller would then check that screen instead.
  await page.locator("main").first().waitFor({ state: "attached", timeout: screenChangeTimeout });
  const leaving = await page.evaluate(
    ([to, redirects]) => {
      // The URL changes at once, before the router renders the new screen: mark what is on show now,
      // so the caller can wait until it is gone instead of checking the old screen by mistake.
      const current = document.querySelector("main")?.firstElementChild ?? null;
      // The shell keys the page by pathname: a change of query alone keeps the element.
      const samePath = new URL(to, window.location.href).pathname === window.location.pathname;
      // A route that redirects may land back on this very screen, which then stays: no mark.
      if (!redirects) current?.setAttribute("data-e2e-leaving", "");
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, "", to);
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      if (samePath) current?.removeAttribute("data-e2e-leaving");
      return current !== null && !samePath && !redirects;
    },
    [path, options.redirects ?? false] as const,
  );
  // The shell keys the page by pathname, so a new route replaces the marked element. A route that
  // redirects (perhaps back to where we are) is instead awaited by the caller checking the URL.
  if (leaving) {
    await page.waitForFunction(() => !document.querySelector("[data-e2e-leaving]"), null, {
      timeout: screenChangeTimeout,
    });
  }
}

/**
 * Runs `action` (a click that navigates) and waits until the screen on show before it has been
 * replaced, so what follows checks the new screen, not the old one still on show.
 */
export async function leaveScreen(page: Page, action: () => Promise<void>) {
  await page.evaluate(() => document.querySelector("main")?.firstElementChild?.setAttribute("data-e2e-leaving", ""));
  await action();
  await page.waitForFunction(() => !document.querySelector("[data-e2e-leaving]"), null, {
    timeout: screenChangeTimeout,
  });
}

/**
 * Waits until the screen in `main` is ready: the previous screen is gone, the h1 is shown, and no
 * loading placeholder is left. One polling function in the page, so it costs one round trip (a
 * series of locator assertions costs several, which adds up over hundreds of screens).
 */
export async function settle(page: Page, { timeout = screenChangeTimeout } = {}) {
  try {
    await page.waitForFunction(
      () => {
        const main = document.querySelector("main");
        if (!main || main.querySelector("[data-e2e-leaving]")) return false;
        const h1 = main.querySelector("h1");
        if (!h1 || h1.getBoundingClientRect().height === 0 || (h1.textContent ?? "").trim() === "") return false;
        // The UI kit catalogue shows skeletons (and loading tables) as samples: nothing to wait for.
        if (window.location.pathname === "/ui-kits") return true;
        return !main.querySelector('[data-skeleton], [aria-busy="true"]');
      },
      null,
      { timeout, polling: 50 },
    );
  } catch {
    // Say what was missing, with Playwright's own messages.
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 1 });
    await expect(main.locator("[data-skeleton]")).toHaveCount(0, { timeout: 1 });
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 1 });
    throw new Error(`${page.url()} did not settle`);
  }
}

/** Problems a settled screen shows: the hostile-data flag, CSP violations, the route error boundary. */
export async function pageProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const w = window as unknown as { __xss?: unknown; __csp?: string[] };
    if (w.__xss !== undefined) out.push(`window.__xss was set to ${String(w.__xss)}`);
    for (const v of w.__csp ?? []) out.push(`CSP violation: ${v}`);
    if ((document.body.textContent ?? "").includes("This page failed to load"))
      out.push("the route error boundary is shown");
    if ((document.querySelector("main")?.textContent ?? "").trim() === "") out.push("main is empty");
    return out;
  });
}

/** Records Content-Security-Policy violations (a blocked inline handler is what an XSS would cause). */
export async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener("securitypolicyviolation", (event) => {
      list.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`);
    });
  });
}

export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/**
 * What every screen must do once it has loaded: be at `path`, show its h1 and some content, have
 * logged no error, and have run none of the hostile payloads in the data.
 */
export async function expectHealthy(page: Page, path: string | RegExp, errors: string[]) {
  const expected = typeof path === "string" ? new RegExp(`^https?://[^/]+${escapeRegExp(path)}([?#].*)?$`) : path;
  await expect(page).toHaveURL(expected);
  await settle(page);
  expect(await pageProblems(page), `problems on ${page.url()}`).toEqual([]);
  expect(errors, `errors on ${page.url()}`).toEqual([]);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * More browser contexts started from `page`'s signed-in state (same options as the test's own), so
 * independent checks run side by side: each has its own localStorage (static-mode data, fault
 * rules) and service worker. Close them with `closeLanes`.
 */
export async function openLanes(
  page: Page,
  browser: Browser,
  options: BrowserContextOptions,
  count: number,
  setUp: (context: BrowserContext) => Promise<void>,
): Promise<Page[]> {
  const storageState = await page.context().storageState();
  return Promise.all(
    Array.from({ length: count }, async () => {
      const context = await browser.newContext({ ...options, storageState });
      await setUp(context);
      return context.newPage();
    }),
  );
}

export async function closeLanes(pages: readonly Page[]) {
  await Promise.all(pages.map((p) => p.context().close()));
}

/**
 * Waits for the page's finite animations (the route fade-in, a theme change's transitions): axe's
 * contrast rule would measure a half-faded text. An animation cancelled meanwhile (its element
 * re-rendered or removed, a transition replaced by the next) is over too: its `finished` rejects
 * with an AbortError, which would otherwise fail the wait.
 */
export async function untilAnimationsFinish(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The axe-core build both walks inject as a script tag (the app's CSP is bypassed for it). */
export const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * The rules whose answer depends on colour. A theme switch changes no markup, so in the second
 * theme every other rule would only repeat the first pass's answer (the story checks do the same).
 */
export const colourRules = ["color-contrast", "link-in-text-block"];

/** axe's violations on the page, as `rule: targets` lines; `rules` limits the run to those rules. */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            options?: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    // react-aria's live announcer (a pending button, e.g. "Sign in", was announced) keeps a
    // `role="img"` node labelled by an element that is gone for a few seconds: not the screen's.
    // The story checks exempt the same node (features/*/testing/storyParameters.ts).
    const context = { include: [document], exclude: [['[role="log"] > [role="img"]']] };
    const result = await axe.run(context, only ? { runOnly: { type: "rule", values: only } } : undefined);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  }, rules ?? null);
}

// Keyboard-only journeys: focus moves with Tab as a user moves it, and keys act on what has focus.

export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user moves through the page. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} was not reached with ${back ? "Shift+Tab" : "Tab"} in ${max} presses`);
}

export async function tabAndPress(page: Page, target: Locator, key = "Enter", options: { back?: boolean } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Types into a field reached with Tab. */
export async function tabAndType(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}
