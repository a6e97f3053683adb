import type { Role } from "@sentinel/api-client";
import { configureApiClient } from "@sentinel/api-client";
import { demoToken, SEED_NOW } from "@sentinel/api-client/mocks";
import { createThemeStore } from "@sentinel/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useState } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { SessionAndThemeProviders } from "../app/providers.tsx";
import { appRoutes } from "../app/router.tsx";
import { type AppConfig, configFromEnv } from "../config/env.ts";
import { ConfigProvider } from "../lib/ConfigContext.tsx";
import { DraftStoreProvider } from "../lib/DraftsContext.tsx";
import { createDraftStore, type DraftStorageLike } from "../lib/drafts.ts";
import { NowProvider } from "../lib/NowContext.tsx";
import { AppRoutes } from "../lib/routeTree.tsx";
import { createSessionStore } from "../lib/session.ts";
import { ShellOptionsProvider } from "../shell/ShellOptions.tsx";
import { stubFeatureRoutes } from "./stubFeatureRoutes.tsx";

function memoryStorage(): DraftStorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * What a play reads and does where a user has the browser's address bar and Back button: the
 * memory router's current path and search, and a step back in its history.
 */
export interface StoryHistory {
  location: string;
  back(): void;
}

export function createStoryHistory(): StoryHistory {
  return { location: "", back: () => undefined };
}

/** Keeps `history` in step with the memory router. */
function HistoryProbe({ history }: { history: StoryHistory }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    history.location = `${pathname}${search}`;
    history.back = () => void navigate(-1);
  }, [history, pathname, search, navigate]);
  return null;
}

/** The static-mode account signed in for each role. */
export const demoEmailForRole: Record<Role, string> = {
  SUPER_ADMIN: "superadmin@example.com",
  ANALYST: "analyst@example.com",
  CLIENT_ADMIN: "admin@example.com",
  CLIENT: "member@example.com",
};

export interface StoryAppProps {
  /** The URL the memory router starts at. */
  path: string;
  /** Signed in as this role's demo account; `null` = signed out. */
  role: Role | null;
  /** Settings over the build's (e.g. a bot-check site key). */
  config?: Partial<AppConfig>;
  sidebarCollapsed?: boolean;
  /** Pins the shell's narrow layout (sidebar in a drawer), whatever the test browser's width. */
  narrow?: boolean;
  /**
   * Replace other areas' screens with stubs, so these stories depend only on the shell, the
   * guards and the screens of this package's own areas.
   * @default true
   */
  stubFeatures?: boolean;
  /**
   * The pinned clock for countdowns. Static mode's clock is pinned to the same instant in the
   * preview, so created-at times and countdowns read the same in every run and screenshot.
   * @default SEED_NOW
   */
  now?: number;
  /** Filled with the router's location and a Back, for plays that check the URL. */
  history?: StoryHistory;
}

/**
 * The whole app (routes, guards, shell) in a memory router, over static mode's handlers, with
 * the session preset. Stories use it the way users meet the app: by URL and role.
 */
export function StoryApp({
  path,
  role,
  config,
  sidebarCollapsed,
  narrow,
  stubFeatures = true,
  now = SEED_NOW,
  history,
}: StoryAppProps) {
  const queryClient = useQueryClient();
  const [setup] = useState(() => {
    const sessionStore = createSessionStore(null);
    if (role) sessionStore.signIn({ access: demoToken(demoEmailForRole[role]), refresh: "story", twoFAEnabled: false });
    // Starts in the preview toolbar's theme, and keeps no choice between stories.
    const themeStore = createThemeStore({
      storage: null,
      media: null,
      defaultMode: document.documentElement.classList.contains("dark") ? "dark" : "light",
    });
    configureApiClient({
      baseUrl: "",
      getToken: () => sessionStore.getRequestToken(),
      onUnauthorized: () => sessionStore.signOut(),
    });
    const routes = stubFeatures ? stubFeatureRoutes(appRoutes()) : appRoutes();
    // In memory and per story: a draft one story leaves must not appear in the next.
    const draftStore = createDraftStore(memoryStorage());
    return { sessionStore, themeStore, routes, draftStore };
  });
  const merged: AppConfig = { ...configFromEnv({}), staticMode: true, ...config };
  return (
    <ConfigProvider config={merged}>
      <ShellOptionsProvider
        value={{
          ...(sidebarCollapsed === undefined ? {} : { initialSidebarCollapsed: sidebarCollapsed }),
          ...(narrow === undefined ? {} : { isNarrow: narrow }),
        }}
      >
        <SessionAndThemeProviders
          sessionStore={setup.sessionStore}
          themeStore={setup.themeStore}
          // The preview's toolbar owns the `dark` class in stories; the app's provider must not write it.
          themeRoot={null}
          queryClient={queryClient}
        >
          <NowProvider now={now}>
            <DraftStoreProvider store={setup.draftStore}>
              <MemoryRouter initialEntries={[path]}>
                {history ? <HistoryProbe history={history} /> : null}
                <AppRoutes routes={setup.routes} />
              </MemoryRouter>
            </DraftStoreProvider>
          </NowProvider>
        </SessionAndThemeProviders>
      </ShellOptionsProvider>
    </ConfigProvider>
  );
}
