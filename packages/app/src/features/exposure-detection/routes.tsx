import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const exposureDetectionRoutes: RouteObject[] = [
  {
    path: paths.exposure_detection.path,
    Component: lazyScreen(
      async () => (await import("./screens/ExposureDetectionListScreen.tsx")).ExposureDetectionListScreen,
    ),
  },
  {
    path: paths.exposure_detection_target_overview.path,
    Component: lazyScreen(
      async () =>
        (await import("./screens/ExposureDetectionTargetOverviewScreen.tsx")).ExposureDetectionTargetOverviewScreen,
    ),
  },
  {
    path: paths.exposure_detection_review_endpoint.path,
    Component: lazyScreen(
      async () =>
        (await import("./screens/ExposureDetectionReviewEndpointScreen.tsx")).ExposureDetectionReviewEndpointScreen,
    ),
  },
];
