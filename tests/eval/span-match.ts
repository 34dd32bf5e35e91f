// Whether a filled answer overlaps a labelled span. Both are reduced to their words as ROUGE reads
// them (lower-cased, Porter-stemmed) without function words; they overlap when they share at least
// half of the shorter one's words. Half, not any: "after the engine was repaired" must not pass for
// "because an engine fault was found" on the strength of "engine".
import { rougeTokens } from "./rouge.ts";

const FUNCTION_WORDS = new Set(
  "a an the of in on at to for by with from into onto over about and or but nor as is are was were be been being has have had do does did that this these those it its their his her he she they them which who whom than so not no".split(
    " ",
  ),
);

export const spanWords = (text: string): Set<string> =>
  new Set(rougeTokens(text).filter((word) => !FUNCTION_WORDS.has(word)));

/** The share of the shorter text's words the other also holds, 0 to 1 (0 when either has none). */
export function overlap(a: string, b: string): number {
  const wordsA = spanWords(a);
  const wordsB = spanWords(b);
  const shorter = Math.min(wordsA.size, wordsB.size);
  if (shorter === 0) return 0;
  let shared = 0;
  for (const word of wordsA) if (wordsB.has(word)) shared += 1;
  return shared / shorter;
}

export const MIN_OVERLAP = 0.5;

export const overlapsAnySpan = (fill: string, spans: readonly string[]): boolean =>
  spans.some((span) => overlap(fill, span) >= MIN_OVERLAP);
