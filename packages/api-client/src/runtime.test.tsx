import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { renderHook } from "vitest-browser-react";
import { useSingleFlightMutation } from "./runtime.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function renderMutation(mutationFn: (n: number) => Promise<string>) {
  const client = new QueryClient();
  return renderHook(() => useSingleFlightMutation({ mutationFn }), {
    wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
}

describe("useSingleFlightMutation", () => {
  it("sends once for presses made before the first answer, and again after it", async () => {
    const answer = deferred<string>();
    const mutationFn = vi.fn((_n: number) => answer.promise);
    const { result } = await renderMutation(mutationFn);
    const onSuccess = vi.fn();

    // Two presses in one task: React has not rendered `isPending` in between.
    const first = result.current.mutateAsync(1, { onSuccess });
    result.current.mutate(2, { onSuccess });
    const second = result.current.mutateAsync(3, { onSuccess });
    await vi.waitFor(() => expect(mutationFn).toHaveBeenCalled());

    answer.resolve("done");
    await expect(first).resolves.toBe("done");
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(mutationFn).toHaveBeenCalledWith(1, expect.anything());
    expect(onSuccess).toHaveBeenCalledTimes(1);
    // The dropped send never settles, so what awaits it never runs.
    const settled = vi.fn();
    second.then(settled, settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();

    mutationFn.mockResolvedValueOnce("again");
    await expect(result.current.mutateAsync(4)).resolves.toBe("again");
    expect(mutationFn).toHaveBeenCalledTimes(2);
  });

  it("lets the next send go after a failure", async () => {
    const mutationFn = vi.fn((_n: number): Promise<string> => Promise.reject(new Error("refused")));
    const { result } = await renderMutation(mutationFn);
    await expect(result.current.mutateAsync(1)).rejects.toThrow("refused");
    mutationFn.mockResolvedValueOnce("ok");
    await expect(result.current.mutateAsync(2)).resolves.toBe("ok");
  });
});
