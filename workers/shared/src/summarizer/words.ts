// Content words and the similarity between two bags of them: the shared vocabulary of ranking.
import { stemmer } from "stemmer";
import { STOPWORDS } from "./stopwords.ts";

export type WordBag = ReadonlyMap<string, number>;

/**
 * Porter's stemmer (the `stemmer` package, the one the evaluation's ROUGE uses), so "strike" and
 * "strikes", "talks" and "talked" meet. Words of three letters or fewer are left as they are, as
 * ROUGE leaves them.
 */
const stem = (word: string): string => (word.length <= 3 ? word : stemmer(word));

/** Lower-cased, stemmed words of a text, without stopwords, possessives or bare numbers. */
function contentWords(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/['’]s\b/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w)).map(stem);
}

export function wordBag(text: string): WordBag {
  const bag = new Map<string, number>();
  for (const word of contentWords(text)) bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}

/** Cosine similarity of two word bags, 0 (nothing shared) to 1 (same proportions). */
export function cosine(a: WordBag, b: WordBag): number {
  let dot = 0;
  for (const [word, count] of a) dot += count * (b.get(word) ?? 0);
  if (dot === 0) return 0;
  return dot / (norm(a) * norm(b));
}

export function norm(bag: WordBag): number {
  let sum = 0;
  for (const count of bag.values()) sum += count * count;
  return Math.sqrt(sum);
}

/** Share of the distinct words of `of` that `by` also holds (e.g. how much of the headline a sentence covers). */
export function coverage(of: WordBag, by: WordBag): number {
  if (of.size === 0) return 0;
  let shared = 0;
  for (const word of of.keys()) if (by.has(word)) shared += 1;
  return shared / of.size;
}

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;
