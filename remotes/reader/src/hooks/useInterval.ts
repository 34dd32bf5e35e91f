import { useEffect, useEffectEvent } from "react";

/** Runs `callback` every `delayMs` while mounted; null pauses it. The latest callback always runs. */
export function useInterval(callback: () => void, delayMs: number | null): void {
  const tick = useEffectEvent(callback);
  useEffect(() => {
    if (delayMs === null) return;
    const timer = setInterval(() => tick(), delayMs);
    return () => clearInterval(timer);
  }, [delayMs]);
}
