import { handlers } from "@sentinel/api-client/mocks";
import type { SetupWorker } from "msw/browser";

/**
 * `beforeEach` for app stories: static mode's handlers answer every call, as in the demo.
 * Stories that need another answer add `msw.use(...)` overrides after it.
 */
export function useStaticModeHandlers(context: object): void {
  (context as { msw: SetupWorker }).msw.use(...handlers);
}
