import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const authRoutes: RouteObject[] = [
  {
    path: paths.auth_login.path,
    Component: lazyScreen(async () => (await import("./screens/LoginScreen.tsx")).LoginScreen),
  },
  {
    path: paths.auth_forgot_password.path,
    Component: lazyScreen(async () => (await import("./screens/ForgotPasswordScreen.tsx")).ForgotPasswordScreen),
  },
  {
    path: paths.auth_reset_password.path,
    Component: lazyScreen(async () => (await import("./screens/ResetPasswordScreen.tsx")).ResetPasswordScreen),
  },
  {
    path: paths.auth_recover_authenticator.path,
    Component: lazyScreen(
      async () => (await import("./screens/RecoverAuthenticatorScreen.tsx")).RecoverAuthenticatorScreen,
    ),
  },
];
