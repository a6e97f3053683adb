import { useEffect, useRef } from "react";

/**
 * Calls `onEnd` once when the scan a screen shows stops moving (queued or running → ended). Polling
 * stops with it, so what the scan stored in its last moment (its findings, its last hosts) is read
 * once more here; nothing else would ask for it again without a reload.
 */
export function useWhenScanEnds(isMoving: boolean, onEnd: () => void): void {
  const wasMoving = useRef(isMoving);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    if (wasMoving.current && !isMoving) latest.current();
    wasMoving.current = isMoving;
  }, [isMoving]);
}
