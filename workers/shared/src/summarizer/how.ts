// The answer to "how": the clause stating the means ("by sending …", "using …", "through …").
// A trailing participle (", opening 260 shelters") is not taken as a means: in news it far more
// often states a result (", creating one of the larger banking groups").
import { capitalise, clauseAt, closeQuotes, cutToWords, runsIntoMainVerb } from "./clauses.ts";
import type { Sentence } from "./sentences.ts";

const HOW_MAX_WORDS = 25;

// "through" states a means, not a span of time ("through the night", "through March") nor a passage
// through an institution ("through the Parliament's committee"); "via" a place is a route.
const MEANS =
  /\b(?:by (?:means of )?(?=[\p{Ll}-]+ing\b)|through (?!(?:the )?(?:night|day|week|month|year|end|\p{Lu}|\d))|using|via (?!\p{Lu})|with the help of|relying on)/giu;
/** Only the lead and the best-ranked few are searched: a means further down is rarely the story's. */
const SEARCH_DEPTH = 5;

/** `sentences`: the lead first, then the others best-ranked first. */
export function findHow(sentences: readonly Sentence[]): string {
  for (const sentence of sentences.slice(0, SEARCH_DEPTH)) {
    for (const match of sentence.text.matchAll(MEANS)) {
      const clause = clauseAt(sentence.text, match.index);
      if (clause.text.split(/\s+/).length >= 3 && !runsIntoMainVerb(sentence, clause)) {
        return closeQuotes(capitalise(cutToWords(clause.text, HOW_MAX_WORDS)));
      }
    }
  }
  return "";
}
