import { type ReactNode, Suspense } from "react";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { paths } from "../config/paths.ts";
import { lazyScreen } from "../lib/lazyScreen.ts";
import { isRoleAllowed, requiredRoles, requiresSession } from "../lib/routeHandle.ts";
import { useRouteHandles } from "../lib/routeTree.tsx";
import { useSession } from "../lib/SessionContext.tsx";
import { safeNext } from "../lib/safeNext.ts";
import { useSessionBootstrap, useVerifiedUser } from "../lib/sessionQueries.ts";
import { PublicFrame } from "./PublicFrame.tsx";
import { BootFallback, ScreenLoading, SessionLoading } from "./SessionLoading.tsx";

// The shell (sidebar, top bar, menus) is its own chunk: the sign-in page never downloads it.
const LazyAppShell = lazyScreen(async () => (await import("./AppShell.tsx")).AppShell);

// Rendered at the refused address, so the address bar still says what was refused (issue 28).
const LazyForbiddenScreen = lazyScreen(
  async () => (await import("../features/errors/screens/ForbiddenScreen.tsx")).ForbiddenScreen,
);

/** Starts fetching the shell's code, for a start-up that already knows the user is signed in. */
export function preloadAppShell(): void {
  LazyAppShell.preload().catch(() => {});
}

function AppShell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<BootFallback />}>
      <LazyAppShell>{children}</LazyAppShell>
    </Suspense>
  );
}

/** The routed page inside a frame that stays on screen while the page's code loads the first time. */
function ScreenOutlet() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * The signed-in frame: loads the profile (and company), checks the matched routes' roles and
 * renders the shell. A role check waits for this page load's profile, showing the loading frame
 * meanwhile: the user kept in browser storage is never trusted with a role.
 */
function SignedInFrame({ handles }: { handles: readonly unknown[] }) {
  const { profile } = useSessionBootstrap();
  const user = useVerifiedUser();
  if (requiredRoles(handles).length > 0) {
    if (!user) {
      return (
        <AppShell>
          <SessionLoading isError={profile.isError} onRetry={() => void profile.refetch()} />
        </AppShell>
      );
    }
    if (!isRoleAllowed(user.role, handles)) {
      return (
        <AppShell>
          <Suspense fallback={<ScreenLoading />}>
            <LazyForbiddenScreen />
          </Suspense>
        </AppShell>
      );
    }
  }
  return (
    <AppShell>
      <ScreenOutlet />
    </AppShell>
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
