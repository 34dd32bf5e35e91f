// The one-sentence TL;DR: the article's best lead sentence, shortened at a clause boundary.
import { defined } from "../invariant.ts";
import { closeQuotes, cutToWords, subordinateStarts, withoutEndPunctuation } from "./clauses.ts";
import type { RankedSentence } from "./rank.ts";
import { isQuotation } from "./sentence-cues.ts";
import type { Sentence } from "./sentences.ts";
import { countWords } from "./words.ts";

export const TLDR_MAX_WORDS = 30;
/** A lead shorter than this is usually a fragment or a scene-setter, not the news. */
const MIN_LEAD_WORDS = 8;
/** The lead is looked for among the opening sentences only: that is where news puts it. */
const LEAD_WINDOW = 3;

/**
 * The first of the opening sentences that reads as a statement of the news (else the first).
 * Not the highest-ranked one: the ranking's weights are fit to multi-sentence summaries, where a
 * long opening sentence costs the word budget, so they may rank the opening below the next
 * (docs/decisions/015-summarizer-learned-scoring.md); the one-sentence lead of a news story is
 * still its first statement.
 */
export function chooseLead(ranked: readonly RankedSentence[]): RankedSentence {
  const opening = ranked.slice(0, LEAD_WINDOW);
  const statement = opening.find(
    (s) => countWords(s.text) >= MIN_LEAD_WORDS && !isQuotation(s.text) && !s.text.endsWith("?"),
  );
  return defined(statement ?? opening[0], "an opening sentence");
}

/**
 * The lead as one sentence of at most TLDR_MAX_WORDS words. Trailing subordinate clauses are
 * dropped first, which leaves a whole sentence; only when that is not enough is the main clause
 * itself cut, and then the cut is marked with "…".
 */
export function toTldr(sentence: Sentence): string {
  const lead = sentence.text;
  if (countWords(lead) <= TLDR_MAX_WORDS) return closeQuotes(withEndPunctuation(lead));
  const fitting = subordinateStarts(sentence).filter((at) => {
    const words = countWords(lead.slice(0, at));
    return words >= MIN_LEAD_WORDS && words <= TLDR_MAX_WORDS;
  });
  const lastFitting = fitting.at(-1);
  if (lastFitting !== undefined) return closeQuotes(`${withoutEndPunctuation(lead.slice(0, lastFitting))}.`);
  return `${closeQuotes(cutToWords(lead, TLDR_MAX_WORDS))}…`;
}

const withEndPunctuation = (sentence: string) =>
  /[.!?]["”’]?$/u.test(sentence) ? sentence : `${withoutEndPunctuation(sentence)}.`;
