import {
  type ApiData,
  type ApiError,
  getApiClient,
  type LoginResponse,
  type User,
  useApiAction,
} from "@sentinel/api-client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSessionStore } from "../../../lib/SessionContext.tsx";
import { handOverSignInProfile } from "../../../lib/signInProfile.ts";

// The sign-in and recovery pages run before the signed-in shell, and without TanStack Query
// (docs/decisions.md, "Bundle budgets (issue 27)"): their writes are plain actions.
export const useLogin = () => useApiAction("post", "/api/v1/auth/login/");
export const useVerifyTwoFactor = () => useApiAction("post", "/api/v1/auth/2fa/verify/");
export const useVerifyTwoFactorSetup = () => useApiAction("post", "/api/v1/auth/2fa/setup/verify/");
export const useForgotPassword = () => useApiAction("post", "/api/v1/auth/forgot-password/");
export const useResetPassword = () => useApiAction("post", "/api/v1/auth/reset-password/");
export const useRecoverAuthenticator = () => useApiAction("post", "/api/v1/auth/recover-authenticator/");

type TwoFactorSetup = ApiData<"/api/v1/auth/2fa/setup/">;
type SetupState =
  | { isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
  | { isPending: false; isSuccess: true; isError: false; data: TwoFactorSetup; error: null }
  | { isPending: false; isSuccess: false; isError: true; data: undefined; error: ApiError };
const setupPending: SetupState = { isPending: true, isSuccess: false, isError: false, data: undefined, error: null };

/**
 * Enrolment data for a SETUP account, fetched with the pending 2FA token once per enrolment step
 * (never cached: it is a secret, and belongs to this sign-in only). `refetch` tries again after a
 * failure.
 */
export function useTwoFactorSetup(): SetupState & { refetch(): void } {
  const [state, setState] = useState<SetupState>(setupPending);
  const request = useRef<AbortController | null>(null);
  const load = useCallback(() => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState(setupPending);
    getApiClient()
      .GET("/api/v1/auth/2fa/setup/", { signal: controller.signal })
      .then(({ data }) => {
        if (controller.signal.aborted) return;
        setState({ isPending: false, isSuccess: true, isError: false, data: data as TwoFactorSetup, error: null });
      })
      .catch((error: ApiError) => {
        if (controller.signal.aborted) return;
        setState({ isPending: false, isSuccess: false, isError: true, data: undefined, error });
      });
  }, []);
  useEffect(() => {
    load();
    return () => request.current?.abort();
  }, [load]);
  return { ...state, refetch: load };
}

/**
 * Finishes sign-in with full tokens: loads the profile with them first, so the app opens with
 * the user's role known, then stores the session. A failed profile load does not block sign-in;
 * the shell loads it again.
 */
export function useCompleteSignIn() {
  const store = useSessionStore();
  return useCallback(
    async (tokens: LoginResponse) => {
      store.setPendingToken(tokens.access);
      const user = await getApiClient()
        .GET("/api/v1/user/profile/")
        .then(({ data }) => (data as User | undefined) ?? null)
        .catch(() => null);
      // The signed-in frame starts its cache with this answer instead of asking again.
      if (user) handOverSignInProfile(user);
      store.signIn({ access: tokens.access, refresh: tokens.refresh, twoFAEnabled: tokens.two_fa === "ACTIVE", user });
    },
    [store],
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
