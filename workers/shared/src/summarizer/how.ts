// The answer to "how": the clause stating the means ("by sending …", "using …", "through …").
// A trailing participle (", opening 260 shelters") is not taken as a means: in news it far more
// often states a result (", creating one of the larger banking groups").
import { type Clause, capitalise, clauseAt, closeQuotes, cutToWords, runsIntoMainVerb } from "./clauses.ts";
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
    String.raw`\brelying (?:(?:instead|mainly|largely|chiefly) )?on\b`,
    String.raw`\bby (?:a (?:vote|majority) of |an? (?:\p{Ll}+ )?majority\b|(?:\d+|[\p{Ll}-]+) votes? to\b)`,
    String.raw`\bunder (?:a|an|the) (?:new |proposed |revised )?(?:plan|scheme|deal|agreement|programme|program|law|contract|pilot|framework|system|holding company|structure|arrangement|model|rules)\b`,
    // A trailing participle that names a method, not a result: ", converting libraries into cool rooms".
    String.raw`,\s(?:converting|turning|replacing|installing|combining|pairing|deploying|switching|fitting|mounting|retrofitting)\s`,
  ].join("|"),
  "giu",
);
// "Under the scheme, households hand in their coal stoves and receive heaters": the arrangement is
// named first and the means is the clause after it.
const UNDER_OPENER =
  /^Under (?:a|an|the) (?:new |proposed |revised )?(?:plan|scheme|deal|agreement|programme|program|proposal|rules),\s+/u;
/** Only the lead and the best-ranked few are searched: a means further down is rarely the story's. */
const SEARCH_DEPTH = 7;

/** `sentences`: the lead first, then the others best-ranked first. */
export function findHow(sentences: readonly Sentence[]): string {
  for (const sentence of sentences.slice(0, SEARCH_DEPTH)) {
    const opener = sentence.text.match(UNDER_OPENER);
    if (opener) {
      const clause = clauseAt(sentence.text, opener[0].length);
      if (clause.text.split(/\s+/).length >= 4) return closeQuotes(capitalise(cutToWords(clause.text, HOW_MAX_WORDS)));
    }
    for (const match of sentence.text.matchAll(MEANS)) {
      const clause = match[0].startsWith(",")
        ? participleClause(sentence.text, match.index + 1)
        : clauseAt(sentence.text, match.index);
      // The means itself must be said: "Under the plan" alone is not an answer.
      const saysMore = clause.text.split(/\s+/).length > Math.max(2, match[0].trim().split(/\s+/).length);
      if (saysMore && !runsIntoMainVerb(sentence, clause)) {
        return closeQuotes(capitalise(cutToWords(clause.text, HOW_MAX_WORDS)));
      }
    }
  }
  return "";
}

/**
 * ", converting libraries, civic centres and sports halls into cool rooms": a participle's clause
 * holds lists, so it runs to the end of the sentence or the next clause, not to the next comma.
 */
function participleClause(sentence: string, from: number): Clause {
  const rest = sentence.slice(from);
  const length = rest.search(/[;:]|\.(?=\s|$)|\s[—–]\s|,\s(?:\p{Ll}+ing|which|who|while|but)\b/u);
  const end = length === -1 ? sentence.length : from + length;
  return { text: sentence.slice(from, end).trim(), start: from, end };
}
