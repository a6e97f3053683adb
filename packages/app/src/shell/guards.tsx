import { Suspense } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { paths } from "../config/paths.ts";
import { lazyScreen } from "../lib/lazyScreen.ts";
import { requiresSession } from "../lib/routeHandle.ts";
import { useRouteHandles } from "../lib/routeTree.tsx";
import { useSession } from "../lib/SessionContext.tsx";
import { safeNext } from "../lib/safeNext.ts";
import { PublicFrame } from "./PublicFrame.tsx";
import { ScreenOutlet } from "./ScreenOutlet.tsx";
import { BootFallback } from "./SessionLoading.tsx";

// The signed-in frame (query cache, shell, sidebar, top bar, menus) is its own chunk: the sign-in
// page never downloads it.
const LazySignedInFrame = lazyScreen(async () => (await import("./SignedInFrame.tsx")).SignedInFrame);

/** Starts fetching the signed-in frame's code, for a start-up that already knows the user is signed in. */
export function preloadAppShell(): void {
  LazySignedInFrame.preload().catch(() => {});
}

function SignedInFrame({ handles }: { handles: readonly unknown[] }) {
  return (
    <Suspense fallback={<BootFallback />}>
      <LazySignedInFrame handles={handles} />
    </Suspense>
  );
}

/**
 * Every route except the sign-in forms. Signed in: the shell (one instance for all of them, so
 * it keeps its state across navigation). Signed out: a route marked `requiresSession` sends the
 * visitor to sign-in with where they were going as `next`; the rest (not-found, privacy policy)
 * render standalone.
 */
export function SessionLayout() {
  const { isAuthenticated, endReason } = useSession();
  const location = useLocation();
  const handles = useRouteHandles();
  if (isAuthenticated) return <SignedInFrame handles={handles} />;
  if (requiresSession(handles)) {
    const next = endReason === "logout" ? null : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate replace to={paths.auth_login.getHref(next)} />;
  }
  return (
    <PublicFrame>
      <ScreenOutlet />
    </PublicFrame>
  );
}

/**
 * Public-only routes (sign-in and recovery). A signed-in user is sent on: to a safe `next` when
 * the URL carries one (this is also how a successful sign-in leaves the login page), else to `/`.
 */
export function PublicOnlyLayout() {
  const { isAuthenticated } = useSession();
  const [searchParams] = useSearchParams();
  if (isAuthenticated) {
    const next = searchParams.get("next");
    return <Navigate replace to={next === null ? paths.root.getHref() : safeNext(next)} />;
  }
  return (
    <PublicFrame>
      <ScreenOutlet />
    </PublicFrame>
  );
}
