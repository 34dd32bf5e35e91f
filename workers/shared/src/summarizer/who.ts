// The answer to "who": the people and organisations the article names most, or else the lead's subject.
import { capitalise, openingClauseLength } from "./clauses.ts";
import type { Sentence } from "./sentences.ts";
import { countWords } from "./words.ts";

const WHO_MAX_NAMES = 3;
/** A longer stretch before the first verb is not a subject but a preamble. */
const MAX_SUBJECT_WORDS = 10;

/** `actors` most mentioned first, as ranked by findEntities. */
export function findWho(actors: readonly string[], lead: Sentence): string {
  if (actors.length > 0) return actors.slice(0, WHO_MAX_NAMES).join(", ");
  return leadSubject(lead);
}

/** "Fourteen small distilleries from across Ireland have formed…" → the words before the first verb. */
function leadSubject(lead: Sentence): string {
  const from = openingClauseLength(lead.text);
  const verb = lead.terms.find((term) => term.tags.includes("Verb") && term.offset.start > lead.start + from);
  if (!verb) return "";
  const subject = lead.text.slice(from, verb.offset.start - lead.start).replace(/[\s,]+$/u, "");
  const words = countWords(subject);
  return words >= 1 && words <= MAX_SUBJECT_WORDS ? capitalise(subject) : "";
}
