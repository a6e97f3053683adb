import { describe, expect, it, vi } from "vitest";
import { renderHook } from "vitest-browser-react";
import { useDebouncedValue } from "./useDebouncedValue.ts";

const delay = 40;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("useDebouncedValue", () => {
  it("reports once after typing pauses, not per keystroke", async () => {
    const onCommit = vi.fn();
    const { result, act } = await renderHook(() => useDebouncedValue("", onCommit, delay));
    await act(() => result.current.setDraft("r"));
    await act(() => result.current.setDraft("re"));
    await act(() => result.current.setDraft("ref"));
    expect(onCommit).not.toHaveBeenCalled();
    await expect.poll(() => onCommit.mock.calls).toEqual([["ref"]]);
  });

  it("commits at once on submit and does not report the same text again", async () => {
    const onCommit = vi.fn();
    const { result, act } = await renderHook(() => useDebouncedValue("", onCommit, delay));
    await act(() => result.current.setDraft("scan"));
    await act(() => result.current.commit());
    expect(onCommit).toHaveBeenCalledWith("scan");
    await wait(delay * 3);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it("follows an outside change of the value (back/forward restoring the URL)", async () => {
    const onCommit = vi.fn();
    const { result, rerender } = await renderHook((value?: string) => useDebouncedValue(value ?? "", onCommit, delay), {
      initialProps: "first",
    });
    expect(result.current.draft).toBe("first");
    await rerender("second");
    expect(result.current.draft).toBe("second");
    await wait(delay * 3);
    expect(onCommit).not.toHaveBeenCalled();
  });

  it("keeps what the user typed when the caller echoes an older committed value", async () => {
    let value = "";
    const onCommit = vi.fn((next: string) => {
      value = next;
    });
    const { result, act, rerender } = await renderHook(() => useDebouncedValue(value, onCommit, delay));
    await act(() => result.current.setDraft("ab"));
    await expect.poll(() => onCommit.mock.calls.length).toBe(1);
    await act(() => result.current.setDraft("abc"));
    // The echo of "ab" arrives while "abc" is still waiting for its debounce.
    await rerender();
    expect(result.current.draft).toBe("abc");
    await expect.poll(() => onCommit.mock.lastCall).toEqual(["abc"]);
  });

  it("keeps a typed space when the caller echoes the committed text trimmed", async () => {
    // The app stores the search trimmed: a pause after "no " comes back as "no" while the user goes on typing.
    let value = "";
    const onCommit = vi.fn((next: string) => {
      value = next.trim();
    });
    const { result, act, rerender } = await renderHook(() => useDebouncedValue(value, onCommit, delay));
    await act(() => result.current.setDraft("no "));
    await expect.poll(() => onCommit.mock.calls.length).toBe(1);
    await rerender();
    expect(result.current.draft).toBe("no ");
    await act(() => result.current.setDraft("no s"));
    await rerender();
    expect(result.current.draft).toBe("no s");
    await expect.poll(() => onCommit.mock.lastCall).toEqual(["no s"]);
  });

  it("follows back and forward to a value it reported before", async () => {
    const onCommit = vi.fn();
    const { result, act, rerender } = await renderHook(
      (value?: string) => useDebouncedValue(value ?? "", onCommit, delay),
      { initialProps: "" },
    );
    await act(() => result.current.setDraft("ab"));
    await act(() => result.current.commit());
    await rerender("ab");
    await rerender("");
    expect(result.current.draft).toBe("");
    await rerender("ab");
    expect(result.current.draft).toBe("ab");
    await wait(delay * 3);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
