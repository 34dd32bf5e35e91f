// The dates a server-rendered page shows, as text, handed to the browser with the page. The first
// Intl.DateTimeFormat a page builds loads ICU's date data (~60 ms on a 4x-slowed phone CPU) inside
// whichever component formats first: a task React cannot split, in the middle of hydration. The
// browser hydrates in the server's timezone and minute (web-shared's firstHtml.ts), so every date it
// formats then is one the server already wrote: it reads them from the page and builds no formatter
// until the reader's own timezone, a later minute or a client-rendered page needs one
// (docs/decisions/019-early-input.md).
import { PAGE_TIME_TEXTS_ATTRIBUTE } from "@unbiased/worker-shared/contracts/page";
import { createContext, useContext } from "react";

/**
 * Formatted dates by key (`format|timezone|instant`): `known` are looked up first; `record`, when
 * there is one, keeps every text made (the server's, per request, sent with the page).
 */
export interface TimeTexts {
  known: ReadonlyMap<string, string>;
  record?: Map<string, string>;
}

/** The browser's: what the page brought, read only (it never grows past the page's block). */
const pageTexts = new Map<string, string>();

/** The server renderer provides its own per request (a record); the browser reads the page's. */
export const TimeTextsContext = createContext<TimeTexts>({ known: pageTexts });

export const useTimeTexts = () => useContext(TimeTextsContext);

/** A request's record for the server renderer: what it knows is what it has made. */
export function recordingTimeTexts(): TimeTexts & { record: Map<string, string> } {
  const record = new Map<string, string>();
  return { known: record, record };
}

/** The text under `key`: a known one, otherwise made by `make` (and recorded, when recording). */
export function knownText(texts: TimeTexts | undefined, key: string, make: () => string): string {
  const known = texts?.known.get(key);
  if (known !== undefined) return known;
  const made = make();
  texts?.record?.set(key, made);
  return made;
}

/** A page's time texts (its data block), or none when it has no block or the block cannot be read. */
export function readTimeTexts(doc: Document = document): Record<string, string> {
  const block = doc.querySelector(`script[${PAGE_TIME_TEXTS_ATTRIBUTE}]`);
  if (!block) return {};
  try {
    const parsed: unknown = JSON.parse(block.textContent ?? "");
    if (parsed === null || typeof parsed !== "object") return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry) => typeof entry[1] === "string"));
  } catch {
    return {}; // the reader formats the dates itself, as on a page without a block
  }
}

/** Puts a page's time texts where the reader's components find them, in place of an earlier page's. */
export function seedTimeTexts(texts: Record<string, string>, into: Map<string, string> = pageTexts): void {
  into.clear();
  for (const [key, text] of Object.entries(texts)) into.set(key, text);
}
