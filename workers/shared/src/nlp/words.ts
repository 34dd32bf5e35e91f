import { nameKey } from "./gazetteer.ts";

// Words of a text with what place-name matching needs to know about each: where it is, whether it
// is capitalised, whether it starts a sentence and whether it runs on from the word before.

export interface Word {
  text: string;
  /** Compared form: lower-cased, accents folded (see nameKey). */
  lower: string;
  start: number;
  /** Offset after the word, before any punctuation that followed it. */
  end: number;
  capitalised: boolean;
  /** First word of a sentence, where capitals say nothing about names. */
  sentenceStart: boolean;
  /** Separated from the previous word by spaces only: the two can belong to one name. */
  joinedToPrevious: boolean;
  /** "Rotterdam's": the name ends here. */
  possessive: boolean;
  /** "a Paris-based firm": the word was followed by "-based". */
  based: boolean;
}

// A word: letters, digits, inner apostrophes, dots and hyphens ("Stoke-on-Trent", "U.S.", "O'Hare").
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}'’.-]*[\p{L}\p{M}\p{N}.])?/gu;
const INITIALS = /^(?:\p{L}\.)+$/u;
const BASED = /-based$/iu;
const POSSESSIVE = /['’]s$/u;

export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  let previousEnd = 0;
  let previousEndedSentence = true;
  let previousBroke = true;
  for (const match of text.matchAll(WORD)) {
    let raw = match[0];
    // A final dot ends the sentence unless the word is a run of initials ("U.S.").
    const endsSentence = raw.endsWith(".") && !INITIALS.test(raw);
    if (endsSentence) raw = raw.replace(/\.+$/u, "");
    const based = BASED.test(raw);
    if (based) raw = raw.replace(BASED, "");
    const possessive = POSSESSIVE.test(raw);
    if (possessive) raw = raw.replace(POSSESSIVE, "");
    if (!raw) continue;
    const gap = text.slice(previousEnd, match.index);
    const sentenceStart = previousEndedSentence || /[.!?\n]/u.test(gap);
    words.push({
      text: raw,
      lower: nameKey(raw),
      start: match.index,
      end: match.index + raw.length,
      capitalised: /^\p{Lu}/u.test(raw),
      sentenceStart,
      joinedToPrevious: !previousBroke && /^ +$/u.test(gap),
      possessive,
      based,
    });
    previousEnd = match.index + match[0].length;
    previousEndedSentence = endsSentence;
    previousBroke = endsSentence || possessive || based;
  }
  return words;
}
