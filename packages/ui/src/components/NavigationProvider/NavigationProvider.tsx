import { type ComponentProps, type ReactNode, useEffect } from "react";
import { RouterProvider } from "react-aria-components";
import { checkStylesheetOnce } from "../../tokens/stylesheetCheck.ts";

type AriaRouterProps = ComponentProps<typeof RouterProvider>;

export interface NavigationProviderProps {
  /**
   * Client-side navigation of the app's router, such as react-router's `useNavigate()`. Called
   * with the link's `href` and its `routerOptions`; a returned promise is ignored.
   */
  navigate: (...args: Parameters<AriaRouterProps["navigate"]>) => unknown;
  /**
   * Turns a router path into the `href` the anchor shows, for routers with a base path (react-router's
   * `useHref`).
   * @default the path as given
   */
  useHref?: AriaRouterProps["useHref"];
  /** The part of the app whose kit links navigate through the router. */
  children: ReactNode;
}

/**
 * Makes the kit's links (Link, Breadcrumbs, Sidebar, menu items and tabs with an `href`) navigate
 * through the app's router instead of loading a new page. Modified clicks (new tab, new window)
 * and external links stay with the browser. Wraps react-aria's `RouterProvider`.
 */
export function NavigationProvider({ navigate, useHref, children }: NavigationProviderProps) {
  useEffect(() => checkStylesheetOnce(), []);
  return (
    <RouterProvider
      navigate={(href, options) => {
        void navigate(href, options);
      }}
      {...(useHref ? { useHref } : {})}
    >
      {children}
    </RouterProvider>
  );
}
