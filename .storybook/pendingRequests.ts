import { forgetHeldRequests, isHeldRequest } from "@sentinel/api-client/mocks";

/** The API calls of the current story that have not been answered yet, as "METHOD url". */
const inFlight = new Map<number, string>();
let nextToken = 0;
let installed = false;

function keyOf(input: RequestInfo | URL, init?: RequestInit): string {
  const url =
    typeof input === "string" ? new URL(input, location.href).href : input instanceof URL ? input.href : input.url;
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  return `${method.toUpperCase()} ${url}`;
}

/**
 * Counts the page's fetches from the moment they are made (msw only hears of one after a hop through
 * its worker), so story checks can wait until the screen has its answers.
 */
export function trackRequests(): void {
  if (installed) return;
  installed = true;
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const token = nextToken++;
    inFlight.set(token, keyOf(input, init));
    const done = () => inFlight.delete(token);
    const result = fetch(input, init);
    result.then(done, done);
    return result;
  };
}

/** A new story: calls left open by the previous one (a `mockLoading`) are not waited for. */
export function forgetRequests(): void {
  inFlight.clear();
  forgetHeldRequests();
}

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

type BackgroundScheduler = { postTask(task: () => void, options: { priority: "background" }): Promise<void> };

// The main thread has nothing queued: a response's body read, TanStack Query's notify (a 0 ms
// timer), React's render slices and effects are all tasks, and a background-priority task runs only
// once none of them is waiting. Not `requestIdleCallback`: Chromium often starts no idle period in
// the test frame although nothing runs, so every such wait ran to its cap (1 s on a third of the
// stories). The cap keeps a story that never stops working (a polling screen) from stalling the check.
const untilIdle = () =>
  new Promise<void>((resolve) => {
    const cap = setTimeout(resolve, 1_000);
    const scheduler = (globalThis as { scheduler?: BackgroundScheduler }).scheduler;
    const done = () => {
      clearTimeout(cap);
      resolve();
    };
    if (scheduler) void scheduler.postTask(done, { priority: "background" });
    else requestIdleCallback(done);
  });

const settledNow = () => [...inFlight.values()].every(isHeldRequest);

/**
 * Resolves once every call has been answered, except those a story holds open on purpose
 * (`mockLoading`), and stays so through two idle moments of the main thread: an answer often starts
 * the next query (a scan's hosts after its scans) only after its render and effects, and animation
 * frames alone keep coming while those wait on a busy machine, so "quiet for two frames" once let a
 * screenshot catch a screen between an answer and the query it starts.
 */
export async function untilRequestsSettle(timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let quietChecks = 0;
  while (quietChecks < 2 && performance.now() < deadline) {
    await nextFrame();
    await untilIdle();
    quietChecks = settledNow() ? quietChecks + 1 : 0;
  }
}
