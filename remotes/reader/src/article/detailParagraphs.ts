// The 'In detail' section of an article page: the detailed summary's paragraphs, without the
// sentences the 'Summary' section above it already shows (both are picked from the same ranked
// sentences, so the detailed one usually repeats the short one word for word).

/** Sentence ends: a full stop, question or exclamation mark (and a closing quote) before a space. */
const SENTENCE_END = /(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u;

/** Sentences compared without case, spacing or closing punctuation. */
const sentenceKey = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[\s"“”‘’()]+/gu, " ")
    .replace(/[.!?\s]+$/u, "")
    .trim();

export const splitSentences = (text: string) =>
  text
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/**
 * The detailed summary as paragraphs (blank lines separate them), each without the sentences that
 * `shown` (the short summary) holds; paragraphs left empty are dropped, so an empty list means the
 * section has nothing new to say.
 */
export function detailParagraphs(detailed: string, shown: string): string[] {
  const seen = new Set(splitSentences(shown).map(sentenceKey));
  return detailed
    .split(/\n\s*\n/)
    .map((paragraph) =>
      splitSentences(paragraph.trim())
        .filter((sentence) => !seen.has(sentenceKey(sentence)))
        .join(" "),
    )
    .filter(Boolean);
}
