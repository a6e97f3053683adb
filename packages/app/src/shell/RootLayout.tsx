import { RouterProvider } from "react-aria-components";
import { Outlet, ScrollRestoration, useHref, useNavigate } from "react-router";
import { PageMetaProvider } from "../lib/PageMetaContext.tsx";
import { useFocusOnNavigate } from "./useFocusOnNavigate.ts";

/** The root route: react-aria links and menus navigate through react-router, without a reload. */
export function RootLayout() {
  const navigate = useNavigate();
  useFocusOnNavigate();
  return (
    <RouterProvider navigate={(href, options) => void navigate(href, options)} useHref={useHref}>
      <PageMetaProvider>
        <Outlet />
        <ScrollRestoration />
      </PageMetaProvider>
    </RouterProvider>
  );
}
