import { useEffect, useEffectEvent, useRef } from "react";

/** Starts the next page this far before the reader actually reaches the end of the list. */
const LOOKAHEAD = "0px 0px 600px 0px";

/**
 * A ref for an element at the end of a list: `onReached` runs when it scrolls into view, while
 * `active`. A new observer per `listLength` (observers report their first state at once) catches
 * a marker still in view after the list grew, which no scroll would otherwise report.
 */
export function useBottomMarker<T extends Element>(active: boolean, listLength: number, onReached: () => void) {
  const markerRef = useRef<T>(null);
  const reached = useEffectEvent(onReached);
  // biome-ignore lint/correctness/useExhaustiveDependencies: listLength is a dependency on purpose (see above): a new observer per list length.
  useEffect(() => {
    const marker = markerRef.current;
    // Without IntersectionObserver the Load More button still pages the feed.
    if (!active || !marker || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reached();
      },
      { rootMargin: LOOKAHEAD },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [active, listLength]);
  return markerRef;
}
