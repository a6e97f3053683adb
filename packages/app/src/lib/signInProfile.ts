import type { User } from "@sentinel/api-client";

let handedOver: User | null = null;

/**
 * The profile that sign-in loaded with the new tokens, kept in memory (never in storage) for the
 * signed-in frame, which starts its query cache with it instead of asking the API again. It
 * counts as this page load's profile: the API answered it in this page load.
 */
export function handOverSignInProfile(user: User): void {
  handedOver = user;
}

/** The handed-over profile, once: a later sign-in in the same page starts from a new answer. */
export function takeSignInProfile(): User | null {
  const user = handedOver;
  handedOver = null;
  return user;
}
