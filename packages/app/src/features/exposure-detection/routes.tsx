import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const exposureDetectionRoutes: RouteObject[] = [
  {
    path: paths.exposure_detection.path,
    lazy: async () => ({
      Component: (await import("./screens/ExposureDetectionListScreen.tsx")).ExposureDetectionListScreen,
    }),
  },
  {
    path: paths.exposure_detection_target_overview.path,
    lazy: async () => ({
      Component: (await import("./screens/ExposureDetectionTargetOverviewScreen.tsx"))
        .ExposureDetectionTargetOverviewScreen,
    }),
  },
  {
    path: paths.exposure_detection_review_endpoint.path,
    lazy: async () => ({
      Component: (await import("./screens/ExposureDetectionReviewEndpointScreen.tsx"))
        .ExposureDetectionReviewEndpointScreen,
    }),
  },
];
