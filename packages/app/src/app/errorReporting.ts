import type { AppConfig } from "../config/env.ts";

/**
 * What the app needs from an error-tracking SDK. The default is a no-op; a deployment that wants
 * Sentry (or anything else) implements this in `reporter.ts` (or swaps that module) and turns
 * on `errorReporting`. Nothing is loaded, and no SDK is in the bundle, while it is off.
 */
export interface ErrorReporter {
  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void;
  /** Waits at most `timeoutMs` for queued events to leave, e.g. before a reload. */
  flush(timeoutMs: number): Promise<void>;
}

export interface ReporterOptions {
  readonly dsn: string;
  readonly tracingTimeoutMs: number;
}

export type ReporterModule = { createReporter(options: ReporterOptions): ErrorReporter };

export const noopReporter: ErrorReporter = {
  captureException() {},
  flush: async () => {},
};

let active: ErrorReporter = noopReporter;

/** Sends an error to the active reporter; safe to call whether reporting is on or off. */
export function reportError(error: unknown, context?: Readonly<Record<string, unknown>>): void {
  try {
    active.captureException(error, context);
  } catch {
    // A broken reporter must never break the app.
  }
}

export function getErrorReporter(): ErrorReporter {
  return active;
}

/**
 * Turns error reporting on when the configuration asks for it: loads the reporter lazily and
 * forwards uncaught errors and unhandled rejections from `target`. Returns a disposer.
 */
export async function initErrorReporting(
  config: AppConfig["errorReporting"],
  target: Pick<Window, "addEventListener" | "removeEventListener">,
  load: () => Promise<ReporterModule> = () => import("./reporter.ts"),
): Promise<() => void> {
  if (!config.enabled) return () => {};
  const module = await load();
  active = module.createReporter({ dsn: config.dsn, tracingTimeoutMs: config.tracingTimeoutMs });
  const onError = (event: ErrorEvent) => reportError(event.error ?? event.message, { source: "window.onerror" });
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, { source: "unhandledrejection" });
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
    active = noopReporter;
  };
}
