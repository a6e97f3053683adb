import type { NavigateOptions } from "react-router";

// react-aria links and menu items accept react-router's navigate options (e.g. `state`), so the
// sign-in form can pass the typed e-mail to the recovery forms without putting it in the URL.
declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}
