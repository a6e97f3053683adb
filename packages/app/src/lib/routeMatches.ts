import { matchRoutes, type RouteObject } from "react-router";

type Matches = ReturnType<typeof matchRoutes<RouteObject>>;

const recent = new WeakMap<RouteObject[], Map<string, Matches>>();
const kept = 20;

/**
 * `matchRoutes` for a pathname, remembered for the last few pathnames of a route table. Each call
 * of react-router's own flattens and ranks the whole table (about a hundred routes) again, and the
 * boot asks three times for the same page; a change of the query string alone (a filter, a page)
 * does not change what matches.
 */
export function matchPathname(routes: RouteObject[], pathname: string): Matches {
  let byPathname = recent.get(routes);
  if (!byPathname) {
    byPathname = new Map();
    recent.set(routes, byPathname);
  }
  const known = byPathname.get(pathname);
  if (known !== undefined) return known;
  const matches = matchRoutes(routes, pathname);
  byPathname.set(pathname, matches);
  if (byPathname.size > kept) byPathname.delete(byPathname.keys().next().value as string);
  return matches;
}
