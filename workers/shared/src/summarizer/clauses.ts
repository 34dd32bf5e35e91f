// Where clauses begin and end inside a sentence: the boundaries that trimming and the
// what/why/how answers cut at.
import { type Sentence, type Term, termsBetween } from "./sentences.ts";

/**
 * The start of a clause that hangs off the main one: a relative or participial clause, a stated
 * cause, a second main clause (", and the scheme will…"), a trailing attribution (", the company
 * said"). Matched at the comma or space before it.
 */
const SUBORDINATE_START = new RegExp(
  [
    String.raw`,\s+(?:which|who|whose|where|while|whereas|although|though|as|after|before|because|since|amid|following|according to|in response to|in a|in an|aimed|and|but|so|yet)\b`,
    // An attribution: a comma, then up to twelve words without punctuation, then the verb.
    String.raw`,\s+(?:[\p{L}\p{N}'’-]+\s+){0,12}?(?:said|says|announced|reported|confirmed)\b`,
    // "three weeks after the vote", "shortly before": a measure of time, not the start of a clause.
    String.raw`(?<!\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|shortly|soon|just|moments?|long))\s+(?:because|in response to|in order to|so that|after|before|amid|following)\s`,
    String.raw`;\s`,
    String.raw`\s[—–]\s`,
  ].join("|"),
  "gu",
);

/**
 * Where a clause ends: the next comma, semicolon, dash or full stop (a comma inside "4,200" is not
 * one), or a second verb phrase ("… fuel taxes and will offer …").
 */
const CLAUSE_END =
  /[,;:](?=\s|$)|[!?]|(?<![ap]\.m)\.(?=\s|$|["”’])|\s[—–]\s|\s(?:but|while|whereas)\s|\s(?:and|or)\s(?=(?:will|would|is|are|was|were|has|have|had|can|could|should|may|might|must)\b)/u;

// "After talks collapsed, the union called a strike": the main clause follows the opening one.
const OPENING_SUBORDINATE =
  /^(?:after|because|following|amid|despite|although|while|as|in response to)\b[^,]{0,150},\s*/iu;

/** Length of an opening subordinate clause, 0 when the sentence starts with its main clause. */
export const openingClauseLength = (sentence: string) => sentence.match(OPENING_SUBORDINATE)?.[0].length ?? 0;

/** Start offsets of every subordinate clause in the sentence, in order. */
export function subordinateStarts(sentence: Sentence): number[] {
  const marked = [...sentence.text.matchAll(SUBORDINATE_START)].map((match) => match.index);
  return [...new Set([...marked, ...participleStarts(sentence)])].sort((a, b) => a - b);
}

/**
 * Offsets of the commas that open a participial clause (", starting a 48-hour strike"). compromise
 * tags most such words Gerund; one it reads as a noun still counts when an object follows it
 * (", opening 260 shelters").
 */
function participleStarts(sentence: Sentence): number[] {
  return sentence.terms.flatMap((term, i) => {
    const previous = sentence.terms[i - 1];
    const next = sentence.terms[i + 1];
    const takesObject =
      /ing$/u.test(term.text) &&
      next !== undefined &&
      ["Determiner", "Value", "Possessive"].some((tag) => next.tags.includes(tag));
    if (!previous || !(term.tags.includes("Gerund") || takesObject) || !/^,\s/u.test(previous.post)) return [];
    // "shipping, marketing and trade fairs" is a list of nouns, not a clause.
    if (previous.tags.includes("Gerund") || (next && /^(?:and|or)$/iu.test(next.text))) return [];
    return [previous.offset.start + previous.offset.length - sentence.start];
  });
}

export interface Clause {
  text: string;
  /** Offsets in the sentence. */
  start: number;
  end: number;
}

/** The clause that starts at `from`, up to its end, without the closing punctuation. */
export function clauseAt(sentence: string, from: number): Clause {
  const rest = sentence.slice(from);
  const length = rest.search(CLAUSE_END);
  const end = length === -1 ? sentence.length : from + length;
  return { text: sentence.slice(from, end).trim(), start: from, end };
}

/**
 * "Astronomers using a telescope … have detected", "costs incurred because of the outage would be
 * reimbursed": the phrase sits inside the subject, and what looked like its clause runs on into the
 * sentence's own verb. A relative or embedded clause ("sensors that detected plumes", "to tell
 * residents where the nearest shelter is") does not count.
 */
export function runsIntoMainVerb(sentence: Sentence, clause: Clause): boolean {
  for (const term of termsBetween(sentence, clause.start, clause.end)) {
    if (/^(?:that|which|who|whom|whose|where|when|whether)$/iu.test(term.text)) return false;
    if (isAuxiliary(term)) return true;
  }
  return false;
}

/** compromise's tagger marks auxiliaries in context; its lexicon alone knows modals, copulas and "have". */
const isAuxiliary = (term: Term) =>
  term.tags.includes("Modal") ||
  term.tags.includes("Auxiliary") ||
  term.tags.includes("Copula") ||
  /^(?:have|has|had)$/iu.test(term.text);

const PHRASE_START =
  /^(?:in|on|at|of|for|to|from|with|by|about|over|under|after|before|during|across|into|and|or|but|as|that|which|who|while)$/i;

/**
 * Cut a text to at most `maxWords` words, after a comma if one is near the limit, else before a
 * preposition or conjunction, so the last phrase stays whole. Unchanged when it already fits.
 */
export function cutToWords(text: string, maxWords: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return text;
  const nearLimit = (test: (i: number) => boolean) => {
    for (let i = maxWords; i > Math.ceil(maxWords / 2); i--) if (test(i)) return i;
    return undefined;
  };
  const end =
    nearLimit((i) => /[,;:]$/.test(words[i - 1] ?? "")) ??
    nearLimit((i) => PHRASE_START.test(words[i] ?? "")) ??
    maxWords;
  return words
    .slice(0, end)
    .join(" ")
    .replace(/[\s,;:—–-]+$/u, "");
}

/** A cut can leave a quotation open; close it so the text never shows a dangling quote mark. */
export function closeQuotes(text: string): string {
  const straight = (text.match(/"/g) ?? []).length;
  const opened = (text.match(/“/g) ?? []).length - (text.match(/”/g) ?? []).length;
  return text + (straight % 2 === 1 ? '"' : "") + (opened > 0 ? "”" : "");
}

/** Removes trailing punctuation so a clause can be shown as a short answer. */
export const withoutEndPunctuation = (text: string) => text.replace(/[\s.,;:!?]+$/u, "");

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
