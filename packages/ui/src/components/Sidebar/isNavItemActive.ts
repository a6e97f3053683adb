/** Drop the query string and hash, and any trailing slashes (but keep the root "/"). */
function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const trimmed = bare.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * Whether a sidebar item is the active one for the current location.
 *
 * The spec says an item is active when the current path "starts with its path". A plain string
 * `startsWith` would light up `/network-va` on `/network-vabc`, so the match is on whole path
 * segments: the paths are equal, or the current path continues with `/` after the item's path.
 * The root `/` is active only on `/` itself, otherwise it would match every page.
 */
export function isNavItemActive(currentPath: string, href: string): boolean {
  const current = normalizePath(currentPath);
  const target = normalizePath(href);
  if (target === "/") return current === "/";
  return current === target || current.startsWith(`${target}/`);
}
