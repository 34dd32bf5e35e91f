// Cheap cues read off one sentence's text, for the learned scorer (features.ts): whose voice it is
// in (quotation, attribution) and whether it is the publisher's housekeeping rather than the story.

/** Opens with a quotation mark: a voice in the story rather than its facts. */
export const isQuotation = (sentence: string) => /^["“‘']/u.test(sentence);

const WORD = /\S+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Inside or outside a quotation after this character: a straight double mark opens or closes by
 * turn, curly ones say which they are. Single marks are ignored: as often, they are apostrophes.
 */
const afterMark = (character: string, inside: boolean) =>
  character === '"' ? !inside : character === "“" ? true : character === "”" ? false : inside;

/** Share of the sentence's words that stand inside double quotation marks (0 to 1). */
export function quotedShare(sentence: string): number {
  let inside = false;
  let quoted = 0;
  let words = 0;
  for (const [word] of sentence.matchAll(WORD)) {
    const letter = word.search(LETTER_OR_DIGIT);
    // Marks before the word's first letter open (or close) before it, the others after it.
    for (const character of letter < 0 ? word : word.slice(0, letter)) inside = afterMark(character, inside);
    if (letter < 0) continue;
    words += 1;
    if (inside) quoted += 1;
    for (const character of word.slice(letter)) inside = afterMark(character, inside);
  }
  return words === 0 ? 0 : quoted / words;
}

/** A verb of saying or an "according to": the sentence reports what someone said. */
const ATTRIBUTION =
  /\b(?:said|says|told|tells|added|adds|according to|explained|insisted|stated|claimed|claims|warned|warns)\b/iu;

export const isAttributed = (sentence: string) => ATTRIBUTION.test(sentence);

/** Credits, sharing prompts and notices that close a web story without telling it. */
const HOUSEKEEPING =
  /\b(?:contributed to this (?:report|story|article)|(?:reporting|writing|editing) by|e-?mail to a friend|all rights reserved|click here|follow (?:us|him|her|them) on|sign up for)\b/iu;

export const isHousekeeping = (sentence: string) => HOUSEKEEPING.test(sentence);

/** A day of the week or a word for a recent day: the sentence dates the news. */
const TIME_CUE =
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tonight|last night|this morning)\b/iu;

export const datesTheNews = (sentence: string) => TIME_CUE.test(sentence);
