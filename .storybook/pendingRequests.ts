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

const settledNow = () => [...inFlight.values()].every(isHeldRequest);

/**
 * Resolves once every call has been answered, except those a story holds open on purpose
 * (`mockLoading`), and stays so over the next frames: an answer often starts the next query (a
 * scan's hosts after its scans), so one quiet moment is not enough. Without this, a screenshot on a
 * busy machine can catch a widget still loading, and the stable-screenshot retry accepts it.
 */
export async function untilRequestsSettle(timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let quietChecks = 0;
  while (quietChecks < 2 && performance.now() < deadline) {
    await nextFrame();
    quietChecks = settledNow() ? quietChecks + 1 : 0;
  }
}
