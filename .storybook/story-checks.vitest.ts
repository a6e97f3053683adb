import axe from "axe-core";
import { expect } from "vitest";
import { page } from "vitest/browser";
import { consoleMessages } from "./consoleMessages.ts";
import { untilRequestsSettle } from "./pendingRequests.ts";
import type { StoryChecksContext } from "./story-checks.types.ts";

// Rules the a11y addon also disables: a single story has no landmarks.
const disabledRules = ["region"];
// The axe rules whose answer depends on colour, so on the theme: text contrast, and links told
// apart from their text by colour alone.
const themeDependentRules = ["color-contrast", "link-in-text-block"];
// Storybook's own chrome is always in the document and is not ours to check. react-aria's live
// announcer is a shared off-screen node: a pending Button announces through it by pointing
// `aria-labelledby` at itself, which dangles once the button unmounts (a form that navigates on
// success), and the node outlives the story that made it.
const excluded = [".sb-wrapper", "#storybook-docs", "#storybook-highlights-root", "[data-live-announcer]"];

// Frozen motion and a hidden caret make screenshots deterministic.
const freeze = document.createElement("style");
freeze.dataset.storyChecks = "";
freeze.textContent = `*, *::before, *::after {
  animation-duration: 0s !important; animation-delay: 0s !important;
  transition-duration: 0s !important; transition-delay: 0s !important;
  caret-color: transparent !important;
}`;
document.head.append(freeze);

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

async function expectNoColourAxeViolations(context: StoryChecksContext, theme: string): Promise<void> {
  const { config = {}, options = {} } = context.parameters.a11y ?? {};
  axe.reset();
  axe.configure({
    ...config,
    rules: [...disabledRules.map((id) => ({ id, enabled: false })), ...(config.rules ?? [])],
  });
  // The dark pass checks only what the theme can change: the DOM is the light pass's, so every
  // other rule would give the light pass's answer again, at most of axe's cost.
  const disabled = new Set([
    ...disabledRules,
    ...(config.rules ?? []).filter((r) => r.enabled === false).map((r) => r.id),
  ]);
  const runOptions: axe.RunOptions = {
    ...(options as axe.RunOptions),
    runOnly: { type: "rule", values: themeDependentRules.filter((id) => !disabled.has(id)) },
  };
  const result = await axe.run({ include: document.body, exclude: excluded }, runOptions);
  const message = result.violations
    .map(
      (v) =>
        `[${v.impact ?? "?"}] ${v.id}: ${v.help}\n${v.nodes
          .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replaceAll("\n", "\n      ") ?? ""}`)
          .join("\n")}`,
    )
    .join("\n");
  expect(result.violations.length, `axe violations in ${theme} theme of ${context.id}:\n${message}`).toBe(0);
}

// Unicode's explicit bidi embeddings, overrides and isolates (see packages/ui/src/format/bidi.ts).
const bidiControl = /[\u202A-\u202E\u2066-\u2069]/;
// react-aria wraps a time field's segments in isolates of its own: those are not data.
const bidiExempt = [...excluded, '[data-type="literal"]'].join(", ");

/**
 * Text from outside must reach the screen through UntrustedText, which shows a bidi control as its
 * code point: a raw one (an override that makes "invoice[U+202E]fdp.exe" read "invoiceexe.pdf") in the page's
 * text, its accessible names or the document title means some data bypassed it.
 */
function expectNoRawBidiControls(context: StoryChecksContext): void {
  const found: string[] = [];
  const show = (text: string) => JSON.stringify(text.slice(0, 80));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? "";
    if (bidiControl.test(text) && !node.parentElement?.closest(bidiExempt)) found.push(`text ${show(text)}`);
  }
  for (const element of document.body.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    if (element.closest(bidiExempt)) continue;
    for (const name of ["aria-label", "title", "alt", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value && bidiControl.test(value)) found.push(`${name} ${show(value)}`);
    }
  }
  if (bidiControl.test(document.title)) found.push(`document title ${show(document.title)}`);
  expect(found, `raw bidi controls in ${context.id}`).toEqual([]);
}

/**
 * Waits until a resize of the frame has reached both this document's viewport and the frame as the
 * page draws it (the test page scales a frame down while its own viewport is still the old size). A
 * shot taken before that paints only the old viewport's part of a tall screen.
 */
async function untilFrameIs(height: number, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const drawnHeight = () => window.frameElement?.getBoundingClientRect().height ?? height;
  while (window.innerHeight < height || Math.abs(drawnHeight() - height) >= 1) {
    if (performance.now() > deadline) {
      throw new Error(
        `the frame did not grow to ${height}px for the screenshot (viewport ${window.innerHeight}px, drawn ${drawnHeight()}px)`,
      );
    }
    await nextFrame();
  }
}

/**
 * Waits until `root` has gone `frames` animation frames without a change to its elements, bounded
 * by `timeoutMs` (a page that polls may never rest). A frame that has just grown lets a virtualised
 * list see its larger box and draw the rows that came into view; how many renders that takes is the
 * list's business, so the shot waits for the page to stop changing, not for a fixed count of frames.
 */
async function untilStill(root: Element, frames = 3, timeoutMs = 2_000): Promise<void> {
  let changed = false;
  const observer = new MutationObserver(() => {
    changed = true;
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    const deadline = performance.now() + timeoutMs;
    for (let still = 0; still < frames && performance.now() < deadline; ) {
      changed = false;
      await nextFrame();
      still = changed ? 0 : still + 1;
    }
  } finally {
    observer.disconnect();
  }
}

async function expectScreenshot(context: StoryChecksContext, theme: string): Promise<void> {
  await document.fonts.ready;
  await nextFrame();
  const storyRoot = document.getElementById("storybook-root") ?? context.canvasElement;
  // A story that is only an open modal renders into a portal; its root is empty, so shoot the page.
  const { width, height } = storyRoot.getBoundingClientRect();
  const root = width * height > 0 && context.parameters.visual !== "page" ? storyRoot : document.body;
  // The frame paints only what its viewport shows: a screen taller than the frame came out blank
  // above or below the part scrolled into view, and which part depended on where the play left
  // the focus. The frame grows to the content for the shot, so the whole screen is in the picture.
  const frame = { width: window.innerWidth, height: window.innerHeight };
  const tall = Math.ceil(Math.max(root.scrollHeight, root.getBoundingClientRect().height));
  const grown = tall > frame.height;
  if (grown) {
    await page.viewport(frame.width, tall);
    await untilFrameIs(tall);
    window.scrollTo(0, 0);
    await untilStill(root);
  }
  try {
    await expect.element(page.elementLocator(root)).toMatchScreenshot(`${context.id}--${theme}`, {
      screenshotOptions: { animations: "disabled", caret: "hide" },
      comparatorName: "pixelmatch",
      // Anti-aliasing differs by a few pixels between runs; real changes move far more.
      comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.001 },
    });
  } finally {
    if (grown) {
      await page.viewport(frame.width, frame.height);
      await nextFrame();
    }
  }
}

/**
 * Whole screens are pictured in the light theme only. Their dark theme is the kit's tokens, which
 * the components' and patterns' stories picture in both themes, and the colour rules of axe still
 * run on every screen in dark; a second picture of ~300 screens cost CI minutes it does not have
 * (docs/decisions.md, "CI time (stop 22)").
 */
const lightOnly = (context: StoryChecksContext) => context.id.startsWith("screens-");

/**
 * Runs after every story under vitest: screenshot in light, axe's colour rules + screenshot in dark, and no console
 * error or warning from the story's start to the end of these checks.
 * Light-theme axe is the a11y addon's own afterEach.
 */
export async function runStoryChecks(context: StoryChecksContext): Promise<void> {
  if (context.viewMode !== "story") return;
  // VITE_STORY_SCREENSHOTS=off skips the comparison while plays and axe are being worked on; baselines
  // are then refreshed in one reviewed `--update` run.
  const visual = context.parameters.visual !== false && import.meta.env.VITE_STORY_SCREENSHOTS !== "off";
  const axeEnabled = context.parameters.a11y?.disable !== true && context.parameters.a11y?.test !== "off";
  const html = document.documentElement;
  const wasDark = html.classList.contains("dark");
  await untilRequestsSettle();
  expectNoRawBidiControls(context);
  try {
    html.classList.remove("dark");
    if (visual) await expectScreenshot(context, "light");
    html.classList.add("dark");
    await nextFrame();
    if (axeEnabled) await expectNoColourAxeViolations(context, "dark");
    if (visual && !lightOnly(context)) await expectScreenshot(context, "dark");
    const logged = consoleMessages();
    expect(logged, `console errors and warnings in ${context.id}:\n${logged.join("\n")}`).toEqual([]);
  } finally {
    html.classList.toggle("dark", wasDark);
  }
}
