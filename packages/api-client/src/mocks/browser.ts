import { setupWorker } from "msw/browser";
import { reloadSessions } from "./auth.ts";
import { enablePersistence } from "./db.ts";
import { handlers } from "./handlers/index.ts";
import { setLatency } from "./typed.ts";

/**
 * Starts static mode in the browser: the service worker answers every API call, and the data
 * (and sign-in sessions) persist in localStorage across reloads until "Reset demo data".
 */
export async function startStaticMode(options: { quiet?: boolean } = {}): Promise<void> {
  enablePersistence(true);
  reloadSessions();
  // A short, realistic response time so loading states are seen as in production.
  setLatency("real");
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: "/mockServiceWorker.js" },
    quiet: options.quiet ?? false,
    onUnhandledFrame: "bypass",
  });
}
