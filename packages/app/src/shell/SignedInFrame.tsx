import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useContext, useState } from "react";
import { lazyScreen } from "../lib/lazyScreen.ts";
import { isRoleAllowed, requiredRoles } from "../lib/routeHandle.ts";
import { profileQuery, useSessionBootstrap, useVerifiedUser } from "../lib/sessionQueries.ts";
import { takeSignInProfile } from "../lib/signInProfile.ts";
import { AppShell } from "./AppShell.tsx";
import { createAppQueryClient } from "./queryClient.ts";
import { ScreenOutlet } from "./ScreenOutlet.tsx";
import { ScreenLoading, SessionLoading } from "./SessionLoading.tsx";

// Rendered at the refused address, so the address bar still says what was refused (issue 28).
const LazyForbiddenScreen = lazyScreen(
  async () => (await import("../features/errors/screens/ForbiddenScreen.tsx")).ForbiddenScreen,
);

/**
 * The frame's query cache lives as long as the signed-in session on this page: signing out
 * unmounts the frame and drops every cached answer with it, so the next user never sees them.
 * It starts with the profile that sign-in has just loaded, when there is one.
 */
function createSignedInQueryClient() {
  const client = createAppQueryClient();
  const profile = takeSignInProfile();
  if (profile) client.setQueryData(profileQuery().queryKey, profile);
  return client;
}

/**
 * Loads the profile (and company), checks the matched routes' roles and renders the shell. A role
 * check waits for this page load's profile, showing the loading frame meanwhile: the user kept in
 * browser storage is never trusted with a role. Other routes render at once, their role-gated
 * controls absent or disabled until the profile answers (`useRole`); a profile that fails before
 * it ever answered is an error with Retry on every route, since no screen can offer what the
 * user's role allows without it.
 */
function SignedInPage({ handles }: { handles: readonly unknown[] }) {
  const { profile } = useSessionBootstrap();
  const user = useVerifiedUser();
  const gated = requiredRoles(handles).length > 0;
  if (!user && (gated || profile.isError)) {
    return (
      <AppShell>
        <SessionLoading isError={profile.isError} onRetry={() => void profile.refetch()} />
      </AppShell>
    );
  }
  if (gated && user && !isRoleAllowed(user.role, handles)) {
    return (
      <AppShell>
        <Suspense fallback={<ScreenLoading />}>
          <LazyForbiddenScreen />
        </Suspense>
      </AppShell>
    );
  }
  return (
    <AppShell>
      <ScreenOutlet />
    </AppShell>
  );
}

/**
 * The signed-in frame, its own chunk with the query library: the sign-in page downloads neither.
 * A host that already provides a query client (the stories) keeps it.
 */
export function SignedInFrame({ handles }: { handles: readonly unknown[] }) {
  const hostClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => (hostClient ? null : createSignedInQueryClient()));
  const page = <SignedInPage handles={handles} />;
  return ownClient ? <QueryClientProvider client={ownClient}>{page}</QueryClientProvider> : page;
}
