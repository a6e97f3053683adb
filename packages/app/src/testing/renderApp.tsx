import type { Role } from "@sentinel/api-client";
import { handlers } from "@sentinel/api-client/mocks";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { getResponse, type HttpHandler } from "msw";
import { vi } from "vitest";
import { render } from "vitest-browser-react";
import { StoryApp } from "./StoryApp.tsx";

/**
 * Component tests of whole screens: the app (routes, guards, shell) over static mode's handlers,
 * answered in the page through `fetch` (there is no service worker in a component test).
 * `overrides` answer first, as a story's `msw.use(...)` does. Call in `beforeEach`; vitest's
 * `unstubAllGlobals` (or the next call) puts `fetch` back.
 */
export function answerFromStaticMode(overrides: readonly HttpHandler[] = []): void {
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!new URL(request.url).pathname.startsWith("/api/")) return realFetch(request);
    return (await getResponse([...overrides, ...handlers], request)) ?? new Response(null, { status: 404 });
  });
}

/** The app at `path`, signed in as `role`'s demo account, with a fresh query cache. */
export function renderApp(path: string, role: Role | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <StoryApp path={path} role={role} stubFeatures={false} />
    </QueryClientProvider>,
  );
}

/** Main no longer shows a loading placeholder (the e2e tests' `settle`, for one screen). */
export function loadingLeftIn(main: Element): string[] {
  return [...main.querySelectorAll('[data-skeleton], [aria-busy="true"]')].map(
    (element) => element.getAttribute("aria-label") ?? element.textContent?.slice(0, 60) ?? element.tagName,
  );
}
