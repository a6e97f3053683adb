import type { ErrorReporter, ReporterOptions } from "./errorReporting.ts";

/**
 * The reporter loaded when `errorReporting` is on. It only writes to the console: plug an
 * error-tracking SDK in here (e.g. `Sentry.init({ dsn, ... })` and `Sentry.captureException`),
 * keeping the `ErrorReporter` shape, and it stays a lazy chunk that loads only when enabled.
 */
export function createReporter(_options: ReporterOptions): ErrorReporter {
  return {
    captureException(error, context) {
      console.error("[error-reporting]", error, context ?? {});
    },
    // Console output is synchronous; an SDK would pass `tracingTimeoutMs` to its own flush.
    flush: async () => {},
  };
}
