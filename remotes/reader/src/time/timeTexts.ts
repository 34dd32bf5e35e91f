// The dates a server-rendered page shows, as text, handed to the browser with the page. The first
// Intl.DateTimeFormat a page builds loads ICU's date data (~60 ms on a 4x-slowed phone CPU) inside
// whichever component formats first: a task React cannot split, in the middle of hydration. The
// browser hydrates in the server's timezone and minute (web-shared's firstHtml.ts), so every date it
// formats then is one the server already wrote: it reads them from the page and builds no formatter
// until the reader's own timezone, a later minute or a client-rendered page needs one
// (docs/decisions/023-import-map-federation.md).
import { PAGE_TIME_TEXTS_ATTRIBUTE } from "@unbiased/worker-shared/contracts/page";
import { createContext, useContext } from "react";

/** Formatted dates by key (`format|timezone|instant`): what a render wrote, or what a page brought. */
export type TimeTexts = Map<string, string>;

/** The browser's: one per page, seeded from the page before the reader hydrates. */
const pageTimeTexts: TimeTexts = new Map();

/** The server renderer provides a map of its own per request, and sends what it holds with the page. */
export const TimeTextsContext = createContext<TimeTexts>(pageTimeTexts);

export const useTimeTexts = () => useContext(TimeTextsContext);

/** The text under `key`, from `texts` when it is there, otherwise made by `make` and kept there. */
export function knownText(texts: TimeTexts | undefined, key: string, make: () => string): string {
  const known = texts?.get(key);
  if (known !== undefined) return known;
  const made = make();
  texts?.set(key, made);
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

/** Puts a page's time texts where the reader's components find them. */
export function seedTimeTexts(texts: Record<string, string>, into: TimeTexts = pageTimeTexts): void {
  for (const [key, text] of Object.entries(texts)) into.set(key, text);
}
