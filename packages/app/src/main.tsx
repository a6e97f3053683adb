// The kit's stylesheets: theme variables and reset, and the font faces (components bring their own CSS).
import "@sentinel/ui/style.css";
import "@sentinel/ui/fonts.css";
import { configureApiClient } from "@sentinel/api-client";
import { type ReactNode, StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { initErrorReporting } from "./app/errorReporting.ts";
import { AppProviders } from "./app/providers.tsx";
import { appRoutes } from "./app/router.tsx";
import { configFromEnv, loadRuntimeConfig, setConfig } from "./config/env.ts";
import { isPublicOnlyPath } from "./config/paths.ts";
import { preloadScreens } from "./lib/lazyScreen.ts";
import { AppRoutes } from "./lib/routeTree.tsx";
import { sessionStore, syncSessionAcrossTabs } from "./lib/session.ts";
import { startAppTheme } from "./lib/theme.ts";
import { createUnauthorizedHandler } from "./lib/unauthorized.ts";
import { preloadAppShell } from "./shell/guards.tsx";

// Before anything renders: the `dark` class goes on <html> now, so there is no light flash.
const themeStore = startAppTheme(document.documentElement);

const onUnauthorized = createUnauthorizedHandler({
  clearSession: () => sessionStore.signOut(),
  location: window.location,
  isPublicPath: isPublicOnlyPath,
});

async function start() {
  const routes = appRoutes();
  // The first screen's code (and the shell's, when signed in) downloads alongside the runtime
  // config instead of after the first render.
  preloadScreens(routes, window.location.pathname);
  if (sessionStore.getSnapshot().isAuthenticated) preloadAppShell();
  const config = await loadRuntimeConfig(configFromEnv(import.meta.env));
  setConfig(config);
  void initErrorReporting(config.errorReporting, window);

  // The literal env check lets a VITE_STATIC_MODE=false build drop msw entirely; otherwise it
  // is a lazy chunk fetched only when static mode is on.
  if (import.meta.env.VITE_STATIC_MODE !== "false" && config.staticMode) {
    // Blocked site storage: the demo runs without persistence (docs/decisions.md). Loaded here, not
    // with the entry, because only static mode needs it, and before the mocks, which read storage.
    const { replaceBlockedLocalStorage } = await import("./app/blockedStorage.ts");
    if (replaceBlockedLocalStorage(window)) {
      console.info("Browser storage is blocked: the demo keeps its data only until this page is left or reloaded.");
    }
    try {
      await (await import("@sentinel/api-client/mocks/browser")).startStaticMode();
    } catch (error) {
      // Never let the app call the web server, which has no API: say why the demo cannot run.
      console.error("Static mode could not start.", error);
      const { StaticModeUnavailable } = await import("./shell/StaticModeUnavailable.tsx");
      render(<StaticModeUnavailable />);
      return;
    }
  }

  configureApiClient({
    baseUrl: config.apiBaseUrl,
    timeoutMs: config.requestTimeoutMs,
    getToken: () => sessionStore.getRequestToken(),
    // Loaded on the first expired token, not with the sign-in page (whose JavaScript has a budget).
    refreshSession: async () =>
      (await import("./lib/refreshSession.ts")).createSessionRefresher({
        store: sessionStore,
        baseUrl: () => config.apiBaseUrl,
      })(),
    onUnauthorized,
  });
  syncSessionAcrossTabs(sessionStore, window);

  render(
    <AppProviders sessionStore={sessionStore} themeStore={themeStore}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>,
  );
}

function render(app: ReactNode) {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  const reactRoot = createRoot(root);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built: a tap or a keystroke during start-up is
  // handled at once, and no task of the boot is long (see docs/decisions.md, "Boot without long
  // tasks"). The boot indicator stays until the render commits.
  startTransition(() => reactRoot.render(<StrictMode>{app}</StrictMode>));
}

void start();
