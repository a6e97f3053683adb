import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const authRoutes: RouteObject[] = [
  {
    path: paths.auth_login.path,
    lazy: async () => ({ Component: (await import("./screens/LoginScreen.tsx")).LoginScreen }),
  },
  {
    path: paths.auth_forgot_password.path,
    lazy: async () => ({ Component: (await import("./screens/ForgotPasswordScreen.tsx")).ForgotPasswordScreen }),
  },
  {
    path: paths.auth_reset_password.path,
    lazy: async () => ({ Component: (await import("./screens/ResetPasswordScreen.tsx")).ResetPasswordScreen }),
  },
  {
    path: paths.auth_recover_authenticator.path,
    lazy: async () => ({
      Component: (await import("./screens/RecoverAuthenticatorScreen.tsx")).RecoverAuthenticatorScreen,
    }),
  },
];
