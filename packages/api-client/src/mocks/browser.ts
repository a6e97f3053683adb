import { setupWorker } from "msw/browser";
import { reloadSessions } from "./auth.ts";
import { DB_STORAGE_KEY, enablePersistence, reloadPersistedData, switchDataset } from "./db.ts";
import { FAULTS_STORAGE_KEY, FUZZ_SEED_STORAGE_KEY, setFaultSource } from "./faults.ts";
import { handlers } from "./handlers/index.ts";
import { DATASET_STORAGE_KEY, parseDataset } from "./seed/dataset.ts";
import { readLocal, sessionStorageOrNull } from "./storage.ts";
import { LATENCY_STORAGE_KEY, setLatency } from "./typed.ts";
import { untilControlled } from "./workerControl.ts";

/**
 * Starts static mode in the browser: the service worker answers every API call, and the data
 * (and sign-in sessions) persist in localStorage across reloads until "Reset demo data".
 */
export async function startStaticMode(options: { quiet?: boolean } = {}): Promise<void> {
  // The believable demo data unless a tester asked for the hostile dataset (docs/app.md, "Static data").
  switchDataset(parseDataset(readLocal(DATASET_STORAGE_KEY)));
  enablePersistence(true);
  // Two tabs of the demo act on one set of data, as two tabs of the product act on one server: a
  // change saved in one is what the other's next call reads (and an edit the other tab made against
  // the old version meets the version conflict a server would answer).
  window.addEventListener("storage", (event) => {
    if (event.key === DB_STORAGE_KEY || event.key === null) reloadPersistedData();
  });
  reloadSessions();
  // A short, realistic response time so loading states are seen as in production, unless a tester
  // asked for a fixed one (e.g. 0 for fast end-to-end runs).
  const latency = Number(readLocal(LATENCY_STORAGE_KEY) ?? Number.NaN);
  setLatency(Number.isFinite(latency) && latency >= 0 ? latency : "real");
  // Testers can make calls fail on purpose (docs/app.md, "Fault hook").
  setFaultSource(() => ({ faults: readLocal(FAULTS_STORAGE_KEY), seed: readLocal(FUZZ_SEED_STORAGE_KEY) }));
  quietServiceWorkerUpdates();
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: "/mockServiceWorker.js" },
    quiet: options.quiet ?? false,
    onUnhandledFrame: "bypass",
  });
  await untilControlled(
    { serviceWorker: navigator.serviceWorker, sessionStorage: sessionStorageOrNull(), reload: () => location.reload() },
    5000,
  );
}

let updatesQuieted = false;

/**
 * msw's start() calls `registration.update()` on an existing worker without handling its promise.
 * The update check fails now and then (e.g. "Not found" when a navigation cuts it short), which
 * surfaced as an unhandled rejection in the app (and its error reporter) although the running worker
 * is unaffected. The failure is handled here; the caller still gets the same promise.
 */
function quietServiceWorkerUpdates(): void {
  if (updatesQuieted || typeof ServiceWorkerRegistration === "undefined") return;
  updatesQuieted = true;
  const update = ServiceWorkerRegistration.prototype.update;
  ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
    const result = update.call(this);
    result.catch(() => {});
    return result;
  };
}
