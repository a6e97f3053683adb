import { EmptyState } from "@sentinel/ui";
import type { RouteObject } from "react-router";
import { useLocation } from "react-router";
import { Page } from "../components/Page.tsx";
import { usePageMeta } from "../lib/PageMetaContext.tsx";
import { navSections } from "../shell/navigation.ts";

// Screens this package's shell stories own; every other area's screen is stubbed.
const ownPaths = [/^\/auth\//, /^\/profile\//, /^\/ui-kits$/, /^\/forbidden$/, /^\/privacy-policy$/, /^\*$/];

function areaLabel(pathname: string): string {
  for (const section of navSections) {
    for (const item of section.items) {
      if (pathname === item.href || pathname.startsWith(`${item.href}/`)) return item.label;
    }
  }
  return "Screen";
}

/** Stands in for another area's screen: the shell's stories must not change when that screen does. */
function StubScreen() {
  const { pathname, search } = useLocation();
  const label = areaLabel(pathname);
  usePageMeta({ title: label, breadcrumbs: [{ label }] });
  return (
    <Page title={label}>
      <EmptyState
        headingLevel={2}
        title="Stubbed screen"
        description={`The ${label} area's own stories show this screen (${pathname}${search}).`}
      />
    </Page>
  );
}

/** The app's routes with every other area's lazy screen replaced by a stub. */
export function stubFeatureRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const children = route.children ? stubFeatureRoutes(route.children) : undefined;
    const isOwn = route.path !== undefined && ownPaths.some((pattern) => pattern.test(route.path ?? ""));
    if (route.Component && route.path !== undefined && !isOwn)
      return { ...route, Component: StubScreen } as RouteObject;
    return (children ? { ...route, children } : route) as RouteObject;
  });
}
