// Calendar dates and clock times written out in a sentence ("14 March", "by March 2027", "on
// Tuesday", "at 10 p.m."), kept as written with the words that change their meaning ("by",
// "early"). Patterns find them; a month name standing alone ("March", "May") counts only where the
// words around it make it a date, since it is also a verb, a noun or a surname ("Theresa May").
import type { Sentence } from "./sentences.ts";

export interface DatePhrase {
  /** Offset in the sentence. */
  index: number;
  phrase: string;
}

const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?`;
const WEEKDAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
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
    .filter(
      (match) =>
        !match.groups?.bareMonth || isMonthHere(sentence.text, match.index + match[0].indexOf(match.groups.bareMonth)),
    )
    .map((match) => ({ index: match.index, phrase: match[0].trim().replace(/,$/u, "") }));
}

// "in March", "since May", "early March", "the end of March".
const BEFORE_MONTH =
  /\b(?:in|by|since|until|till|from|through|before|after|during|of|early|late|mid|last|next|this|each|every)[\s-]+$/iu;
// "March 2027", "March 14", "May-June".
const AFTER_MONTH = /^\.?\s*(?:\d|[-–]\s*\p{Lu})/u;

function isMonthHere(text: string, at: number): boolean {
  const month = text.slice(at).match(/^\p{L}+/u)?.[0] ?? "";
  return BEFORE_MONTH.test(text.slice(Math.max(0, at - 20), at)) || AFTER_MONTH.test(text.slice(at + month.length));
}

const CLOCK_TIME = /\b(?:\d{1,2}(?:[:.]\d{2})?\s?(?:a\.m\.|p\.m\.|am\b|pm\b)|\d{1,2}[:.]\d{2}\b|noon\b|midnight\b)/giu;

/** Clock times ("10 p.m.", "7am", "14:30"), for an article that gives a time but no date. */
export function findTimes(sentence: Sentence): DatePhrase[] {
  return [...sentence.text.matchAll(CLOCK_TIME)].map((match) => ({ index: match.index, phrase: match[0] }));
}
