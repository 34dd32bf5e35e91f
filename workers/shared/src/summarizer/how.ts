// The answer to "how": the clause stating the means ("by sending …", "using …", "through …").
// A trailing participle (", opening 260 shelters") is not taken as a means: in news it far more
// often states a result (", creating one of the larger banking groups").
import {
  type Clause,
  capitalise,
  clauseAt,
  closeQuotes,
  cutToWords,
  openingClauseLength,
  runsIntoMainVerb,
  subordinateStarts,
} from "./clauses.ts";
import type { Sentence } from "./sentences.ts";

const HOW_MAX_WORDS = 25;

// "through" states a means, not a span of time ("through the night", "through March") nor a passage
// through an institution ("through the Parliament's committee"); "via" a place is a route. The
// arrangement something happens under ("under a deal with …") says how a change came about.
const MEANS = new RegExp(
  [
    String.raw`\bby (?:means of )?(?=[\p{Ll}-]+ing\b)`,
    String.raw`\bthrough (?!(?:the )?(?:night|day|week|month|year|end|\p{Lu}|\d))`,
    String.raw`\busing\b`,
    String.raw`\bvia (?!\p{Lu})`,
    String.raw`\bwith the (?:help|support|backing) of\b`,
    String.raw`\brelying (?:(?:instead|mainly|largely|chiefly) )?on\b`,
    String.raw`\bunder (?:a|an|the) (?:new |proposed |revised )?(?:plan|scheme|deal|agreement|programme|program|law|contract|pilot|framework|system|holding company|structure|arrangement|model|rules)\b`,
    // A trailing participle that names a method, not a result: ", converting libraries into cool rooms".
    // (", replacing 27 national systems" is left out: it says what changes, not how.)
    String.raw`,\s(?:converting|turning|installing|deploying|switching|fitting|mounting|retrofitting)\s`,
    // Putting things together: "pairing the seed with salinity readings", "maps were combined with census data".
    String.raw`\b(?:combining|pairing)\s|\b(?:is|are|was|were) combined with\s`,
    // What a vehicle or machine runs on: "runs on batteries when manoeuvring in port".
    String.raw`\b(?:runs|running|powered|fuell?ed) (?:on|by) (?=batter|diesel|electric|hydrogen|solar|natural gas|wind|biofuel|biogas)`,
    // Money put into doing something: "will spend 46 million reais installing solar dryers".
    String.raw`(?<=\b(?:spend|spends|spent|spending|invest|invests|invested|investing)\s[^,.;]{1,40}?\s)\p{Ll}+ing\s`,
  ].join("|"),
  "giu",
);
// A vote's tally ("by nine votes to two") says how a decision came about, so it answers only when
// the story's main event is that decision: not when the vote is background to, say, a market move.
const TALLY = /\bby (?:a (?:vote|majority) of |an? (?:\p{Ll}+ )?majority\b|(?:\d+|[\p{Ll}-]+) votes? to\b)/giu;
const DECISION =
  /\b(?:vot(?:e|es|ed|ing)|elect(?:s|ed)?|approv(?:e|es|ed|ing)|pass(?:es|ed)|adopt(?:s|ed)?|reject(?:s|ed)?|ballot)\b/iu;
// "Under the scheme, households hand in their coal stoves and receive heaters": the arrangement is
// named first and the means is the clause after it.
const UNDER_OPENER =
  /^Under (?:a|an|the|its) (?:[^,]{0,40}\s)?(?:plan|scheme|deal|agreement|programme|program|proposal|rules)\b[^,]{0,60},\s+/u;
/** Only the lead and the best-ranked few are searched: a means further down is rarely the story's. */
const SEARCH_DEPTH = 7;

/** `sentences`: the lead first, then the others best-ranked first. */
export function findHow(sentences: readonly Sentence[]): string {
  const [lead] = sentences;
  const decided = lead !== undefined && DECISION.test(mainClause(lead));
  for (const sentence of sentences.slice(0, SEARCH_DEPTH)) {
    const opener = sentence.text.match(UNDER_OPENER);
    if (opener) {
      const clause = clauseAt(sentence.text, opener[0].length);
      if (clause.text.split(/\s+/).length >= 4) return closeQuotes(capitalise(cutToWords(clause.text, HOW_MAX_WORDS)));
    }
    const markers = [...sentence.text.matchAll(MEANS), ...(decided ? sentence.text.matchAll(TALLY) : [])].sort(
      (a, b) => a.index - b.index,
    );
    for (const match of markers) {
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

/** The lead's main clause: past an opening subordinate one, up to the first that hangs off it. */
function mainClause(lead: Sentence): string {
  const from = openingClauseLength(lead.text);
  const to = subordinateStarts(lead).find((at) => at > from);
  return lead.text.slice(from, to);
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
