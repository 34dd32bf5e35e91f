// The article page's dialogs and its staff tools, each in a chunk of its own: none is on the page's
// first screen (a dialog shows when asked for, the staff tools for staff only, and the first HTML is
// always the signed-out page), and together they were a quarter of the article chunk a reader loads
// before the page answers (docs/decisions/023-import-map-federation.md § Budget). A dialog's chunk is
// fetched once the page is idle after it is ready, so opening one waits for nothing on a good link.
// The dialogs' stylesheets stay with the page that opens them (in its CSS, inlined in the first HTML):
// a dialog opens styled, and the page fetches no stylesheet while it is read. The staff tools' CSS
// goes with their chunk: only staff ever load it.
import "../report/report.css";
import "../share/share.css";
import { preloadableChunk } from "@unbiased/web-shared";
import { type ReactNode, Suspense, useEffect } from "react";

export const ShareModal = preloadableChunk(() =>
  import("../share/ShareModal.tsx").then((m) => ({ default: m.ShareModal })),
);
export const ReportModal = preloadableChunk(() =>
  import("../report/ReportModal.tsx").then((m) => ({ default: m.ReportModal })),
);
export const StaffTools = preloadableChunk(() =>
  import("../article/staff/StaffTools.tsx").then((m) => ({ default: m.StaffTools })),
);

/**
 * Renders an on-demand part only while it is wanted, in a boundary of its own: while its chunk loads
 * nothing shows there (the route's own "Loading page…" is never put up for a dialog).
 */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Fetches the dialogs' chunks when the browser is next idle (after the page is ready). */
export function usePreloadWhenIdle(...parts: readonly { preload(): Promise<void> }[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module-level constants.
  useEffect(() => {
    const preload = () => {
      for (const part of parts) void part.preload();
    };
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(preload, 1000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(preload, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }, []);
}
