// Calendar dates written out in a sentence ("14 March", "by March 2027", "on Tuesday"), kept as
// written with the words that change their meaning ("by", "early"). compromise's tagger alone
// misses some ("early 2027", the year of "March 14, 2026"), so a pattern finds them and the tags
// settle the ambiguous ones.
import { termsBetween, type Sentence } from "./sentences.ts";

export interface DatePhrase {
  /** Offset in the sentence. */
  index: number;
  phrase: string;
}

const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?`;
const WEEKDAY = String.raw`(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)`;
const YEAR = String.raw`(?:19|20)\d{2}(?:[-–]\d{2})?`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;

const DATE_PHRASE = new RegExp(
  String.raw`(?:\b(?:by|until|before|since|from|through|after)\s+)?(?:\b(?:early|late|mid-?|the end of|the start of)\s*)?` +
    String.raw`(?:\b(?:last|next|this)\s+${WEEKDAY}\b|\b${WEEKDAY}\b|\b${DAY}\s+${MONTH}(?:,?\s+${YEAR})?|\b${MONTH}\s+${DAY}\b(?:,?\s+${YEAR})?` +
    String.raw`|\b(?<bareMonth>${MONTH})(?:\s+${YEAR})?|(?<![\d,.])\b${YEAR}\b(?![\d,])(?!\s*(?:percent|per cent|%)))`,
  "g",
);

export function findDatePhrases(sentence: Sentence): DatePhrase[] {
  return [...sentence.text.matchAll(DATE_PHRASE)]
    .filter((match) => !match.groups?.bareMonth || isTaggedMonth(sentence, match.index + match[0].indexOf(match.groups.bareMonth)))
    .map((match) => ({ index: match.index, phrase: match[0].trim().replace(/,$/u, "") }));
}

/** "May" and "March" are also a verb and a noun; a lone one is a month only if compromise says so. */
function isTaggedMonth(sentence: Sentence, at: number): boolean {
  return termsBetween(sentence, at, at + 1).some((term) => term.tags.includes("Month"));
}

/** Clock times compromise tags ("10 p.m.", "7am"), for an article that gives a time but no date. */
export function findTimes(sentence: Sentence): DatePhrase[] {
  const times: DatePhrase[] = [];
  for (const term of sentence.terms.filter((t) => t.tags.includes("Time"))) {
    const index = term.offset.start - sentence.start;
    const previous = times.at(-1);
    const word = sentence.text.slice(index, index + term.offset.length);
    if (previous && index - (previous.index + previous.phrase.length) <= 1) previous.phrase = sentence.text.slice(previous.index, index + word.length);
    else times.push({ index, phrase: word });
  }
  return times;
}
