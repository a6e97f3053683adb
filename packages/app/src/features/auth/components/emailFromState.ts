/** The e-mail the sign-in form passed along in router state (never in the URL, where it would be logged). */
export function emailFromState(state: unknown): string {
  if (typeof state !== "object" || state === null) return "";
  const email = (state as { email?: unknown }).email;
  return typeof email === "string" ? email : "";
}
