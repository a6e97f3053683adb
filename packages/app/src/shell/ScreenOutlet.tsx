import { Suspense } from "react";
import { Outlet } from "react-router";
import { ScreenLoading } from "./SessionLoading.tsx";

/** The routed page inside a frame that stays on screen while the page's code loads the first time. */
export function ScreenOutlet() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}
