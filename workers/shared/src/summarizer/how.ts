// The answer to "how": the clause stating the means ("by sending …", "using …", "through …").
// A trailing participle (", opening 260 shelters") is not taken as a means: in news it far more
// often states a result (", creating one of the larger banking groups").
import { capitalise, clauseAt, closeQuotes, cutToWords, runsIntoMainVerb } from "./clauses.ts";
import type { Sentence } from "./sentences.ts";

const HOW_MAX_WORDS = 25;

// "through" states a means, not a span of time ("through the night", "through March") nor a passage
// through an institution ("through the Parliament's committee"); "via" a place is a route. A vote's
// tally ("by nine votes to two") and the arrangement something happens under ("under a deal with
// …") say how a decision or a change came about.
const MEANS = new RegExp(
  [
    String.raw`\bby (?:means of )?(?=[\p{Ll}-]+ing\b)`,
    String.raw`\bthrough (?!(?:the )?(?:night|day|week|month|year|end|\p{Lu}|\d))`,
    String.raw`\busing\b`,
    String.raw`\bvia (?!\p{Lu})`,
    String.raw`\bwith the (?:help|support|backing) of\b`,
    String.raw`\brelying on\b`,
    String.raw`\bby (?:a (?:vote|majority) of |an? (?:\p{Ll}+ )?majority\b|(?:\d+|[\p{Ll}-]+) votes? to\b)`,
    String.raw`\bunder (?:a|an|the) (?:new |proposed |revised )?(?:plan|scheme|deal|agreement|programme|program|law|contract|pilot|framework|system)\b`,
  ].join("|"),
  "giu",
);
/** Only the lead and the best-ranked few are searched: a means further down is rarely the story's. */
const SEARCH_DEPTH = 5;

/** `sentences`: the lead first, then the others best-ranked first. */
export function findHow(sentences: readonly Sentence[]): string {
  for (const sentence of sentences.slice(0, SEARCH_DEPTH)) {
    for (const match of sentence.text.matchAll(MEANS)) {
      const clause = clauseAt(sentence.text, match.index);
      // The means itself must be said: "Under the plan" alone is not an answer.
      const saysMore = clause.text.split(/\s+/).length > Math.max(2, match[0].trim().split(/\s+/).length);
      if (saysMore && !runsIntoMainVerb(sentence, clause)) {
        return closeQuotes(capitalise(cutToWords(clause.text, HOW_MAX_WORDS)));
      }
    }
  }
  return "";
}
