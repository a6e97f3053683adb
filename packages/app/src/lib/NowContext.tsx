import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

/** A pinned "now" (ms since epoch), or `null` to follow the real clock. */
const NowContext = createContext<number | null>(null);

/**
 * Pins the clock that countdowns read. Stories and tests wrap a screen in it so "due in 42m"
 * is the same on every run and in every screenshot; the app never renders it.
 */
export function NowProvider({ now, children }: { now: number; children: ReactNode }) {
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/**
 * The current time for countdowns, re-rendering every `intervalMs` while nothing pins it.
 * @param intervalMs how often a live clock ticks; countdowns in minutes need no more than 30 s.
 */
export function useNow(intervalMs = 30_000): number {
  const pinned = useContext(NowContext);
  const [live, setLive] = useState(() => Date.now());
  useEffect(() => {
    if (pinned !== null) return;
    setLive(Date.now());
    const timer = window.setInterval(() => setLive(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [pinned, intervalMs]);
  return pinned ?? live;
}
