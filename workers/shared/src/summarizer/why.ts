// The answer to "why": the clause after a stated cause or purpose ("because …", "in response to …").
import { capitalise, clauseAt, closeQuotes, cutToWords, runsIntoMainVerb, type Clause } from "./clauses.ts";
import { termsBetween, type Sentence } from "./sentences.ts";

const WHY_MAX_WORDS = 25;

// Markers that only ever introduce a cause or a purpose.
const CAUSE =
  /\b(?:because(?: of)?|due to|owing to|as a result of|in response to|in order to|so as to|so that(?! (?:is|was|are|were|has)\b)|aimed at|aiming to|in a bid to|in an effort to|citing|blaming|to protest|in protest (?:at|against|over))\s/giu;
// "after" and "following" also mark plain sequence; they count as a cause only before an event
// (a clause with a verb: "after talks broke down"), never before a bare time ("after the meeting").
const SEQUENCE = /\b(?:after|following)\s(?!which\b)/giu;
// Headlines state causes tersely: "strike over pay and automation", "… amid protests".
const HEADLINE_CAUSE = /\s(over|amid)\s+(?!\d|(?:the\s+)?(?:next|past|coming|last)\b)([^:;,]+)$/iu;
/** Only the lead and the best-ranked few are searched: a cause further down is rarely the story's. */
const SEARCH_DEPTH = 4;

/** `sentences`: the lead first, then the others best-ranked first. */
export function findWhy(title: string, sentences: readonly Sentence[]): string {
  const [lead, ...others] = sentences.slice(0, SEARCH_DEPTH);
  if (!lead) return "";
  return (
    firstClause([lead], CAUSE) ??
    headlineCause(title) ??
    firstClause([lead], SEQUENCE, hasVerb) ??
    firstClause(others, CAUSE) ??
    firstClause(others, SEQUENCE, hasVerb) ??
    ""
  );
}

function headlineCause(title: string): string | undefined {
  const match = title.trim().match(HEADLINE_CAUSE);
  return match ? capitalise(`${match[1]} ${match[2]!.trim()}`) : undefined;
}

function firstClause(
  sentences: readonly Sentence[],
  marker: RegExp,
  accept: (sentence: Sentence, clause: Clause) => boolean = () => true,
): string | undefined {
  for (const sentence of sentences) {
    for (const match of sentence.text.matchAll(marker)) {
      const clause = clauseAt(sentence.text, match.index);
      if (clause.text.split(/\s+/).length < 3 || !accept(sentence, clause)) continue;
      // "because of" and "due to" take a noun phrase; a verb phrase after it belongs to the sentence.
      if (/^(?:because of|due to|owing to)/iu.test(clause.text) && runsIntoMainVerb(sentence, clause)) continue;
      return closeQuotes(capitalise(cutToWords(clause.text, WHY_MAX_WORDS)));
    }
  }
  return undefined;
}

/** Whether the clause, past its marker word, has a verb: an event rather than a point in time. */
const hasVerb = (sentence: Sentence, clause: Clause) =>
  termsBetween(sentence, clause.start, clause.end)
    .slice(1)
    .some((term) => term.tags.includes("Verb"));
