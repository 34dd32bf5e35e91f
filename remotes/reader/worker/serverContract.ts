// What the reader's server renderer (server/render.tsx, built to dist/server/render.js) offers this
// Worker, in types both sides can read: the Worker is checked against Workers' types, the renderer
// against the DOM's and React's (server/contract.check.ts holds the renderer to this interface).
import type { ApiCall, ReaderPage, RenderedWith } from "@unbiased/worker-shared/contracts/page";

/** A page of the reader's table (READER_PAGES); those rendered on the server have a data plan. */
export type PageKind = ReaderPage;

/** `complete`: every call the page planned was answered (its data, its counts). */
export type PlannedFragment =
  | { kind: PageKind; status: 200; data: Record<string, unknown>; complete: boolean }
  | { kind: PageKind | null; status: number; data: null; complete: boolean };

/** The markup, and the dates it shows as the browser's hydration will ask for them (key → text). */
export interface RenderedFragment {
  body: ReadableStream<Uint8Array>;
  timeTexts: Record<string, string>;
}

export interface ReaderServer {
  planFragment(url: string, api: ApiCall): Promise<PlannedFragment>;
  renderFragment(input: {
    url: string;
    origin: string;
    data: Record<string, unknown>;
    nonce: string;
  }): Promise<RenderedFragment>;
  renderedWith(): RenderedWith;
}
