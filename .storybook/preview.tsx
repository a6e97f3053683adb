import "../packages/ui/src/tokens/fonts.ts";
import "../packages/ui/src/tokens/global.css.ts";
import type { Preview } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { mswLoader } from "msw-storybook-addon/csf3";
import { I18nProvider } from "react-aria-components";
import { configure } from "storybook/test";
import { runStoryChecks } from "#story-checks";
import { preloadDataGrid } from "../packages/ui/src/components/DataGrid/DataGrid.tsx";
import { toastQueue } from "../packages/ui/src/components/Toast/toastQueue.ts";
import { defaultsFromJsDoc } from "./argTypesDefaults.ts";
import { forgetConsoleMessages, watchConsole } from "./consoleMessages.ts";
import { forgetRequests, trackRequests } from "./pendingRequests.ts";
import type { StoryChecksContext } from "./story-checks.types.ts";
import { ThemedDocsContainer } from "./ThemedDocsContainer.tsx";

// A save and the refetch after it can take longer than Testing Library's 1 s default on a busy
// 2-core machine; with four test processes sharing it (load 11), 5 s was seen to run out. An element
// that never appears still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

async function startMockWorker() {
  const { setupWorker } = await import("msw/browser");
  const { handlers } = await import("@sentinel/api-client/mocks");
  // Static mode's handlers answer by default; a story overrides one call with
  // `beforeEach({ msw }) { msw.use(mockLoading(...)) }`.
  const worker = setupWorker(...handlers);
  await worker.start({ quiet: true, onUnhandledFrame: "bypass", serviceWorker: { url: "./mockServiceWorker.js" } });
  return worker;
}

const kitFonts = ['400 1em "Inter Variable"', '400 1em "JetBrains Mono Variable"'];

function storyLatency(setting: string | undefined): number | "real" {
  if (setting === "real") return "real";
  const ms = Number(setting);
  return Number.isFinite(ms) && ms >= 0 ? ms : 0;
}

const preview = {
  tags: ["autodocs"],
  argTypesEnhancers: [defaultsFromJsDoc],
  parameters: {
    // react-aria's live announcer is a shared off-screen node (see story-checks.vitest.ts): a pending
    // Button that unmounts leaves it pointing at a removed label.
    a11y: { test: "error", context: { exclude: ["[data-live-announcer]"] } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    layout: "padded",
    docs: { container: ThemedDocsContainer },
    // The product's breakpoints: a phone, a tablet, the common laptop and a full-HD desktop.
    viewport: {
      options: {
        phone: { name: "Phone 390", styles: { width: "390px", height: "844px" }, type: "mobile" },
        tablet: { name: "Tablet 768", styles: { width: "768px", height: "1024px" }, type: "tablet" },
        laptop: { name: "Laptop 1366", styles: { width: "1366px", height: "768px" }, type: "desktop" },
        desktop: { name: "Desktop 1920", styles: { width: "1920px", height: "1080px" }, type: "desktop" },
      },
    },
    options: {
      // A designer's path: how to start, the foundations, the parts, how parts combine, whole screens.
      // Within a group, stories keep their file order (default first, then variants and states).
      storySort: {
        order: [
          "Getting started",
          "Foundations",
          ["Colours", "Typography", "Spacing and radius", "Layers and motion"],
          "Components",
          "Patterns",
          "Screens",
        ],
      },
    },
  },
  globalTypes: {
    theme: {
      description: "Colour theme",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light", icon: "sun" },
          { value: "dark", title: "Dark", icon: "moon" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light" },
  loaders: [
    // A chart sizes its axis from its labels' measured width: measured before the font has loaded,
    // the axis keeps the fallback font's width, and the picture then depends on which story ran
    // first in the frame. Every story starts with the kit's fonts loaded.
    () => Promise.all(kitFonts.map((font) => document.fonts.load(font))).then(() => ({})),
    mswLoader(startMockWorker),
    // A fresh cache per story, so no story sees another's data.
    async () => ({ queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }),
  ],
  decorators: [
    (Story, context) => {
      // The product switches themes with a class on <html>, so the toolbar does the same.
      document.documentElement.classList.toggle("dark", context.globals.theme === "dark");
      const queryClient =
        (context.loaded as { queryClient?: QueryClient }).queryClient ??
        new QueryClient({ defaultOptions: { queries: { retry: false } } });
      return (
        <QueryClientProvider client={queryClient}>
          <I18nProvider locale="en-US">
            <Story />
          </I18nProvider>
        </QueryClientProvider>
      );
    },
  ],
  beforeEach: async (context) => {
    trackRequests();
    forgetRequests();
    watchConsole();
    forgetConsoleMessages();
    // The kit's queue is module state, so a toast a story left open would show in the next story.
    toastQueue.clear();
    // The kit's DataGrid draws a loading frame until its code has loaded (right after a page's first
    // render); loaded here first, a screenshot never catches that moment.
    await preloadDataGrid();
    // The sidebar remembers its state in localStorage; a story that toggled it must not set the next one's.
    window.localStorage.removeItem("sentinel.sidebar");
    // Writes in one story (a posted message, a status change) must not leak into the next.
    const { resetDemoData, SEED_NOW, selectDataset, setLatency, setMockNow } = await import(
      "@sentinel/api-client/mocks"
    );
    // The believable sample data, unless the story shows hostile text: `parameters: { dataset: "hostile" }`.
    selectDataset(context.parameters.dataset === "hostile" ? "hostile" : "default");
    resetDemoData();
    // Answers come at once by default. VITE_STORY_LATENCY=real (msw's 100–400 ms) or a number of
    // milliseconds shakes out plays that only pass because data arrives before the next query.
    setLatency(storyLatency(import.meta.env.VITE_STORY_LATENCY));
    // Records created during a story (a repository, a payment, a message) carry this time, not the
    // wall clock, so screenshots of them never change between runs.
    setMockNow(SEED_NOW);
    return () => setMockNow(null);
  },
  afterEach: async (context) => {
    await runStoryChecks({
      id: context.id,
      canvasElement: context.canvasElement,
      parameters: context.parameters as StoryChecksContext["parameters"],
      viewMode: context.viewMode,
    });
  },
} satisfies Preview;

export default preview;
