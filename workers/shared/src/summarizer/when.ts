// The answer to "when": the first date the article gives, looking in the lead sentence first.
// Relative dates are spelled out against the publication date; written dates are kept as written.
import { type DatePhrase, findDatePhrases, findTimes } from "./absolute-dates.ts";
import { findRelativeDates } from "./relative-dates.ts";
import type { Sentence } from "./sentences.ts";

/** `sentences`: the lead first, then the others in article order. */
export function findWhen(sentences: readonly Sentence[], publishedAt: number): string {
  for (const sentence of sentences) {
    const date = firstDate(sentence, publishedAt);
    if (date) return date;
  }
  for (const sentence of sentences) {
    const time = findTimes(sentence)[0];
    if (time) return time.phrase;
  }
  return "";
}

function firstDate(sentence: Sentence, publishedAt: number): string | undefined {
  const relative = findRelativeDates(sentence.text, publishedAt);
  const overlapsRelative = (date: DatePhrase) =>
    relative.some((r) => date.index < r.index + r.phrase.length && r.index < date.index + date.phrase.length);
  const candidates = [
    ...relative.map((r) => ({ index: r.index, text: r.resolved })),
    ...findDatePhrases(sentence)
      .filter((date) => !overlapsRelative(date))
      .map((date) => ({ index: date.index, text: date.phrase })),
  ];
  return candidates.sort((a, b) => a.index - b.index)[0]?.text;
}
