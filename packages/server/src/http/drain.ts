import type { FastifyInstance } from "fastify";

/**
 * How one process stops taking requests (issue 30). On a stop signal the process is marked draining:
 * `/ready` answers 503, so a balancer that checks it takes the process out; every new request but the
 * two health checks is answered 503 with `Connection: close` before anything runs, so nothing is half
 * done and a balancer may retry it on another process; the requests already running finish. Once none
 * is left (or the bound is reached, when the rest are cut off) the listener closes.
 */
export interface Drain {
  readonly draining: boolean;
  /** Requests being handled now (the health checks aside). */
  readonly inFlight: number;
  /** Answers once every request in flight has finished (true), or after `timeoutMs` (false). */
  drain(timeoutMs: number): Promise<boolean>;
}

const HEALTH_CHECKS = new Set(["/health", "/ready"]);

export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let settled: (() => void) | null = null;

  app.addHook("onRequest", async (request, reply) => {
    if (HEALTH_CHECKS.has(request.url)) return;
    if (draining) {
      return reply
        .code(503)
        .header("connection", "close")
        .header("retry-after", "1")
        .send({ detail: "This server is shutting down. Try again." });
    }
    inFlight++;
    // `close` follows a sent answer and a client that went away alike, so the count cannot leak.
    reply.raw.once("close", () => {
      inFlight--;
      if (inFlight === 0) settled?.();
    });
  });

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    async drain(timeoutMs) {
      draining = true;
      if (inFlight === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        new Promise<true>((resolve) => {
          settled = () => resolve(true);
        }),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      return done;
    },
  };
}
