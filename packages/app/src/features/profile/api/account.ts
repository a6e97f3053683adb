import { api, type User, useApiMutation } from "@sentinel/api-client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { requireBody } from "../../../lib/requireBody.ts";
import { profileQuery } from "../../../lib/sessionQueries.ts";

type ProfileUpdate = { first_name?: string; last_name?: string; phone_number?: string | null };

/**
 * The answer of a write that returns the caller's User becomes the shared profile query's data, so
 * the top bar's name, the user menu and this screen show it at once, without another request.
 */
function usePutProfile() {
  const queryClient = useQueryClient();
  return (user: User | undefined) => {
    if (user) queryClient.setQueryData(profileQuery().queryKey, user);
  };
}

export function useUpdateProfile() {
  const putProfile = usePutProfile();
  const mutation = useApiMutation("patch", "/api/v1/user/profile/", { onSuccess: putProfile });
  return { ...mutation, save: (body: ProfileUpdate) => requireBody(mutation.mutateAsync({ body })) };
}

export function useChangePassword() {
  const mutation = useApiMutation("post", "/api/v1/user/change-password/");
  return {
    ...mutation,
    save: (body: { current_password: string; password: string; password_confirm: string }) =>
      requireBody(mutation.mutateAsync({ body })),
  };
}

/**
 * A new authenticator key for this account, asked for while the turn-on dialog is open. It is a
 * secret, so it is not kept once the dialog closes; the server answers the same key until it is
 * confirmed, so a reopened dialog shows the code already scanned.
 */
export function useTwoFactorSetup(isEnabled: boolean) {
  return useQuery({
    ...api.queryOptions("/api/v1/auth/2fa/setup/"),
    enabled: isEnabled,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useEnableTwoFactor() {
  const putProfile = usePutProfile();
  const mutation = useApiMutation("post", "/api/v1/user/2fa/enable/", { onSuccess: putProfile });
  return { ...mutation, save: (otp: string) => requireBody(mutation.mutateAsync({ body: { otp } })) };
}

export function useDisableTwoFactor() {
  const putProfile = usePutProfile();
  const mutation = useApiMutation("post", "/api/v1/user/2fa/disable/", { onSuccess: putProfile });
  return {
    ...mutation,
    save: (body: { password: string; otp: string }) => requireBody(mutation.mutateAsync({ body })),
  };
}

export function useSignOutOtherSessions() {
  const mutation = useApiMutation("post", "/api/v1/user/sessions/sign-out-others/");
  return { ...mutation, save: () => requireBody(mutation.mutateAsync({})) };
}
