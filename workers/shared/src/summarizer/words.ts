// Content words and the similarity between two bags of them: the shared vocabulary of ranking.
import { STOPWORDS } from "./stopwords.ts";

export type WordBag = ReadonlyMap<string, number>;

/**
 * A crude suffix stripper: enough for "strike"/"strikes" and "talks"/"talked" to meet without a
 * stemming dependency. Short words are left alone so "bus" and "gas" survive.
 */
function stem(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 6) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 5) return word.slice(0, -2);
  if (word.endsWith("es") && /(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

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
