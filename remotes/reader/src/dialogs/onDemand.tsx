// The article page's dialogs and its staff tools, each in a chunk of its own: none is on the page's
// first screen (a dialog shows when asked for, the staff tools for staff only, and the first HTML is
// always the signed-out page), and together they were a quarter of the article chunk a reader loads
// before the page answers (docs/decisions/023-import-map-federation.md § Budget). A dialog's chunk is
// fetched when the reader reaches for its button (preloadOnIntent), not with the page.
// The dialogs' stylesheets stay with the page that opens them (in its CSS, inlined in the first HTML):
// a dialog opens styled, and the page fetches no stylesheet while it is read. The staff tools' CSS
// goes with their chunk: only staff ever load it.
import "../report/report.css";
import "../share/share.css";
import { preloadableChunk } from "@unbiased/web-shared";
import { type ReactNode, Suspense } from "react";

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

/**
 * Props that fetch a part's chunk when the reader shows the intent to open it (the pointer over its
 * button, a touch starting on it, keyboard focus): by the click, the chunk is usually in. Readers who
 * never open a dialog never download it.
 */
export function preloadOnIntent(part: { preload(): Promise<void> }) {
  const preload = () => void part.preload();
  return { onPointerEnter: preload, onPointerDown: preload, onFocus: preload };
}
