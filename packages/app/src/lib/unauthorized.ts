import { paths } from "../config/paths.ts";

export interface UnauthorizedDeps {
  /** Clears the stored user and token. */
  clearSession(): void;
  /** The current document location; `replace` loads the login page, which is the reload. */
  location: Pick<Location, "pathname" | "search" | "hash" | "replace">;
  isPublicPath(pathname: string): boolean;
}

/**
 * Builds the `onUnauthorized` callback of spec §8. A module-level latch makes it act once per
 * page load, however many calls fail together: the first one clears the session and leaves for
 * the login page; the rest find the latch closed.
 *
 * On a public route (the sign-in forms) a 401 is the answer to what the user just typed, so the
 * session is cleared but the page stays: reloading would throw away the e-mail they entered.
 */
export function createUnauthorizedHandler(deps: UnauthorizedDeps): () => void {
  let latched = false;
  return () => {
    if (latched) return;
    const { pathname, search, hash } = deps.location;
    if (deps.isPublicPath(pathname)) {
      deps.clearSession();
      return;
    }
    latched = true;
    deps.clearSession();
    deps.location.replace(paths.auth_login.getHref(`${pathname}${search}${hash}`));
  };
}
