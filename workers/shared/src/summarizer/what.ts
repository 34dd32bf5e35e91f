// The answer to "what": the lead's main clause, without the clauses that hang off it.
import { capitalise, cutToWords, openingClauseLength, subordinateStarts, withoutEndPunctuation } from "./clauses.ts";
import type { Sentence } from "./sentences.ts";
import { countWords } from "./words.ts";

const WHAT_MAX_WORDS = 25;
/** A cut that leaves fewer words than this has lost the event itself, so it is not made. */
const MIN_CLAUSE_WORDS = 5;

export function findWhat(lead: Sentence): string {
  const from = openingClauseLength(lead.text);
  const cutAt = subordinateStarts(lead).find(
    (at) => at > from && countWords(lead.text.slice(from, at)) >= MIN_CLAUSE_WORDS,
  );
  const mainClause = withoutEndPunctuation(lead.text.slice(from, cutAt));
  return capitalise(cutToWords(mainClause, WHAT_MAX_WORDS));
}
