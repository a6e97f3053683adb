import { ThemeProvider, type ThemeStore } from "@sentinel/ui";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { I18nProvider } from "react-aria-components";
import { SessionProvider } from "../lib/SessionContext.tsx";
import type { SessionStore } from "../lib/session.ts";

/**
 * Drops every cached response when the user signs out, for a host whose query client outlives
 * the session (the stories'). The app's own cache lives in the signed-in frame and goes with it.
 */
function useClearCacheOnSignOut(store: SessionStore, queryClient: QueryClient | undefined) {
  useEffect(() => {
    if (!queryClient) return;
    let wasSignedIn = store.getSnapshot().isAuthenticated;
    return store.subscribe(() => {
      const signedIn = store.getSnapshot().isAuthenticated;
      if (wasSignedIn && !signedIn) queryClient.clear();
      wasSignedIn = signedIn;
    });
  }, [store, queryClient]);
}

interface SessionAndThemeProps {
  sessionStore: SessionStore;
  themeStore: ThemeStore;
  /** Where the `dark` class goes; `null` where the host owns it (the stories' theme toolbar). Default: <html>. */
  themeRoot?: Element | null;
  /** A query client that outlives the session, cleared on sign-out; the app has none here. */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Providers shared by the app and the stories (which bring their own QueryClientProvider). */
export function SessionAndThemeProviders({
  sessionStore,
  themeStore,
  themeRoot,
  queryClient,
  children,
}: SessionAndThemeProps) {
  useClearCacheOnSignOut(sessionStore, queryClient);
  return (
    <SessionProvider store={sessionStore}>
      <ThemeProvider store={themeStore} {...(themeRoot === undefined ? {} : { root: themeRoot })}>
        <I18nProvider locale="en-US">{children}</I18nProvider>
      </ThemeProvider>
    </SessionProvider>
  );
}

/** The app's providers. The query cache is not among them: it lives in the signed-in frame. */
export function AppProviders(props: SessionAndThemeProps) {
  return <SessionAndThemeProviders {...props} />;
}
