import { ThemeProvider, type ThemeStore } from "@sentinel/ui";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { I18nProvider } from "react-aria-components";
import { SessionProvider } from "../lib/SessionContext.tsx";
import type { SessionStore } from "../lib/session.ts";

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; one retry smooths over a flaky network.
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status ?? 0;
          return failureCount < 1 && (status === 0 || status >= 500);
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Drops every cached response when the user signs out, so the next user never sees them. */
function useClearCacheOnSignOut(store: SessionStore, queryClient: QueryClient) {
  useEffect(() => {
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
  queryClient: QueryClient;
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

export function AppProviders(props: SessionAndThemeProps) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <SessionAndThemeProviders {...props} />
    </QueryClientProvider>
  );
}
