import { api, getApiClient, type LoginResponse, useApiMutation } from "@sentinel/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSessionStore } from "../../../lib/SessionContext.tsx";
import { profileQuery } from "../../../lib/sessionQueries.ts";

export const useLogin = () => useApiMutation("post", "/api/v1/auth/login/");
export const useVerifyTwoFactor = () => useApiMutation("post", "/api/v1/auth/2fa/verify/");
export const useVerifyTwoFactorSetup = () => useApiMutation("post", "/api/v1/auth/2fa/setup/verify/");
export const useForgotPassword = () => useApiMutation("post", "/api/v1/auth/forgot-password/");
export const useResetPassword = () => useApiMutation("post", "/api/v1/auth/reset-password/");
export const useRecoverAuthenticator = () => useApiMutation("post", "/api/v1/auth/recover-authenticator/");

/** Enrolment data for a SETUP account; fetched with the pending 2FA token, never cached across sign-ins. */
export const twoFactorSetupQuery = () => ({
  ...api.queryOptions("/api/v1/auth/2fa/setup/"),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
});

/**
 * Finishes sign-in with full tokens: loads the profile with them first, so the app opens with
 * the user's role known, then stores the session. A failed profile load does not block sign-in;
 * the shell loads it again.
 */
export function useCompleteSignIn() {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  return useCallback(
    async (tokens: LoginResponse) => {
      store.setPendingToken(tokens.access);
      const user = await queryClient.fetchQuery(profileQuery()).catch(() => null);
      store.signIn({ access: tokens.access, refresh: tokens.refresh, twoFAEnabled: tokens.two_fa === "ACTIVE", user });
    },
    [store, queryClient],
  );
}

/**
 * Log Out: the state is cleared at once; the server is asked to revoke the refresh token on a
 * best-effort basis (the answer does not matter, and a 401 from it must not bounce anyone).
 */
export function useLogout() {
  const store = useSessionStore();
  return useCallback(() => {
    const { token, refresh } = store.getSnapshot();
    if (token && refresh) {
      getApiClient()
        .POST("/api/v1/auth/logout/", { body: { refresh }, headers: { Authorization: `Bearer ${token}` } })
        .catch(() => {});
    }
    store.signOut("logout");
  }, [store]);
}
