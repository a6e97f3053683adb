import type { User } from "@sentinel/api-client";
import { Sidebar, ThemeToggle, TopBar } from "@sentinel/ui";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../config/paths.ts";
import { useLogout } from "../features/auth/api/auth.ts";
import { useDraftStore } from "../lib/DraftsContext.tsx";
import { useCurrentPageMeta } from "../lib/PageMetaContext.tsx";
import { isStaff } from "../lib/roles.ts";
import { useSession } from "../lib/SessionContext.tsx";
import { useVerifiedUser } from "../lib/sessionQueries.ts";
import * as styles from "./AppShell.css.ts";
import { useCreditBalance } from "./api/creditBalance.ts";
import { navSectionsFor } from "./navigation.ts";
import { SentinelMark } from "./SentinelMark.tsx";
import { useInitialSidebarCollapsed, useIsNarrow } from "./ShellOptions.tsx";
import { storeSidebarCollapsed } from "./sidebarMemory.ts";
import { topBarTrail } from "./topBarTrail.ts";

const UserMenu = lazy(async () => ({ default: (await import("./deferredChrome.ts")).UserMenu }));
const SidebarDrawer = lazy(async () => ({ default: (await import("./deferredChrome.ts")).SidebarDrawer }));
const ToastRegion = lazy(async () => ({ default: (await import("./deferredChrome.ts")).ToastRegion }));

const version = "v1.0.0";
const copyright = `© ${new Date().getFullYear()} Sentinel. All rights reserved.`;

function displayName(user: User): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username || user.email;
}

/** The signed-in frame: sidebar, top bar and the routed content (spec §2). */
export function AppShell({ children }: { children: ReactNode }) {
  // The sidebar's staff entries and the menu's role wait for the profile (see useVerifiedUser).
  const user = useVerifiedUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const meta = useCurrentPageMeta();
  const signOut = useLogout();
  const drafts = useDraftStore();
  // Unsent drafts survive an expired session, not a chosen Log Out: the next person here must not find them.
  // (Here rather than in useLogout, which the sign-in page loads: the drafts code stays out of its budget.)
  const logout = () => {
    drafts.discardAll();
    signOut();
  };
  // Staff belong to no company, so they have no balance (spec §6): their bar shows none. Until the profile
  // says the role, the place holds a loading balance, as most accounts have one; the fetch starts at once
  // unless the stored session already names a staff role (a hint for the request only, never for display).
  const storedRole = useSession().user?.role;
  const hasBalance = !user || !isStaff(user.role);
  const balance = useCreditBalance(user ? hasBalance : !isStaff(storedRole));
  const initiallyCollapsed = useInitialSidebarCollapsed();
  const [isCollapsed, setCollapsedState] = useState(initiallyCollapsed);
  const setCollapsed = (collapsed: boolean) => {
    setCollapsedState(collapsed);
    storeSidebarCollapsed(collapsed);
  };
  const isNarrow = useIsNarrow();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  // A route change closes the drawer, whatever changed the route (a link, Back, a redirect).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }
  const sidebar = {
    sections: navSectionsFor(user?.role),
    currentPath: pathname,
    productName: "Sentinel",
    logo: <SentinelMark />,
    version,
    copyright,
  };

  return (
    <div className={styles.shell} data-sidebar-collapsed={isCollapsed || undefined} data-narrow={isNarrow || undefined}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      {isNarrow ? (
        <Suspense fallback={null}>
          <SidebarDrawer isOpen={isDrawerOpen} onOpenChange={setDrawerOpen}>
            <Sidebar
              {...sidebar}
              isCollapsed={false}
              onCollapsedChange={setCollapsed}
              onClose={() => setDrawerOpen(false)}
              // Closing on the press, before the route changes, returns focus to the Menu button first;
              // the new page then moves it to its heading. A link to the current page closes it too.
              onNavigate={() => setDrawerOpen(false)}
            />
          </SidebarDrawer>
        </Suspense>
      ) : (
        <div className={styles.sidebar}>
          <Sidebar {...sidebar} isCollapsed={isCollapsed} onCollapsedChange={setCollapsed} />
        </div>
      )}
      <div className={styles.column}>
        <TopBar
          breadcrumbs={topBarTrail(meta.breadcrumbs)}
          onNavigationOpen={isNarrow ? () => setDrawerOpen(true) : undefined}
          isNavigationOpen={isDrawerOpen}
          hasBalance={hasBalance}
          balance={balance.balance}
          balanceHref={paths.credits_activity.getHref()}
          isBalanceLoading={!user || balance.isLoading}
          actions={
            <>
              <ThemeToggle />
              {user ? (
                <Suspense fallback={null}>
                  <UserMenu
                    name={displayName(user)}
                    role={user.role}
                    settingsHref={paths.profile_account.getHref()}
                    privacyHref={paths.privacy_policy.getHref()}
                    // The kit catalogue is a tool for the people who build and run the product, not for clients.
                    uiKitsHref={isStaff(user.role) ? paths.ui_kits.getHref() : undefined}
                    onLogout={() => {
                      logout();
                      void navigate(paths.auth_login.getHref());
                    }}
                  />
                </Suspense>
              ) : null}
            </>
          }
        />
        <main id="main-content" tabIndex={-1} className={styles.main}>
          {/* Keyed by path so each route fades in (the motion token is 0 under reduced motion). */}
          <div key={pathname} className={styles.page}>
            {children}
          </div>
        </main>
      </div>
      {/* The app-wide region for `toastQueue.add(...)` from any signed-in screen. */}
      <Suspense fallback={null}>
        <ToastRegion />
      </Suspense>
    </div>
  );
}
