import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getErrorReporter,
  initErrorReporting,
  noopReporter,
  type ReporterModule,
  reportError,
} from "./errorReporting.ts";

const off = { enabled: false, dsn: "", tracingTimeoutMs: 2000 };
const on = { enabled: true, dsn: "dsn", tracingTimeoutMs: 2000 };

function fakeTarget() {
  const target = new EventTarget();
  return target as unknown as Window & EventTarget;
}

let dispose: () => void = () => {};
afterEach(() => dispose());

describe("initErrorReporting", () => {
  it("loads nothing and listens to nothing while off", async () => {
    const load = vi.fn<() => Promise<ReporterModule>>();
    const target = fakeTarget();
    const add = vi.spyOn(target, "addEventListener");
    dispose = await initErrorReporting(off, target, load);
    expect(load).not.toHaveBeenCalled();
    expect(add).not.toHaveBeenCalled();
    expect(getErrorReporter()).toBe(noopReporter);
  });

  it("loads the reporter with the tracing time-out and forwards window errors and rejections", async () => {
    const captureException = vi.fn();
    const createReporter = vi.fn(() => ({ captureException, flush: async () => {} }));
    const target = fakeTarget();
    dispose = await initErrorReporting(on, target, async () => ({ createReporter }));
    expect(createReporter).toHaveBeenCalledWith({ dsn: "dsn", tracingTimeoutMs: 2000 });

    const boom = new Error("boom");
    target.dispatchEvent(Object.assign(new Event("error"), { error: boom, message: "boom" }));
    target.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason: "nope" }));
    reportError("manual");
    expect(captureException.mock.calls.map((call) => call[0])).toEqual([boom, "nope", "manual"]);
  });

  it("survives a reporter that throws", async () => {
    const createReporter = () => ({
      captureException: () => {
        throw new Error("reporter down");
      },
      flush: async () => {},
    });
    dispose = await initErrorReporting(on, fakeTarget(), async () => ({ createReporter }));
    expect(() => reportError(new Error("x"))).not.toThrow();
  });
});
