import { describe, expect, it, vi } from "vitest";
import { renderHook } from "vitest-browser-react";
import { useWhenScanEnds } from "./useWhenScanEnds.ts";

describe("useWhenScanEnds", () => {
  it("calls back once when the scan stops moving, not while it moves or when it was never moving", async () => {
    const onEnd = vi.fn();
    const { rerender } = await renderHook((props: { moving: boolean } = { moving: false }) =>
      useWhenScanEnds(props.moving, onEnd),
    );
    // A scan shown already ended: nothing to read again.
    expect(onEnd).not.toHaveBeenCalled();
    await rerender({ moving: true });
    await rerender({ moving: true });
    expect(onEnd).not.toHaveBeenCalled();
    await rerender({ moving: false });
    expect(onEnd).toHaveBeenCalledTimes(1);
    await rerender({ moving: false });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("uses the latest callback, so it reads the scan the screen shows now", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = await renderHook(
      (props: { moving: boolean; onEnd: () => void } = { moving: true, onEnd: first }) =>
        useWhenScanEnds(props.moving, props.onEnd),
    );
    await rerender({ moving: true, onEnd: second });
    await rerender({ moving: false, onEnd: second });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
