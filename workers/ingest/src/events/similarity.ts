// How alike two articles are, for event clustering (docs/decisions/006-event-clustering.md):
// TF-IDF cosine over title, TLDR and short summary, blended with the share of named entities they
// have in common.

import { STOPWORDS } from "@unbiased/worker-shared/summarizer/stopwords";
import { stemmer } from "stemmer";

export interface ClusterDoc {
  id: string;
  /** Title, TLDR and short summary. The title is repeated: headlines carry the story's key words. */
  text: string;
  /** Lower-cased people, places and organisations. */
  entities: string[];
}

export type TermVector = Map<string, number>;

/** Weight of the TF-IDF cosine in the blend; the rest is entity overlap. */
export const TEXT_WEIGHT = 0.85;

export function terms(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((word) => word.length > 2 && !STOPWORDS.has(word))
    .map((word) => stemmer(word));
}

/** L2-normalised TF-IDF vectors (sublinear tf, smoothed idf) of the documents, over their own vocabulary. */
export function tfidfVectors(docs: readonly ClusterDoc[]): Map<string, TermVector> {
  const counts = docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of terms(doc.text)) tf.set(term, (tf.get(term) ?? 0) + 1);
    return { doc, tf };
  });
  const df = new Map<string, number>();
  for (const { tf } of counts) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const vectors = new Map<string, TermVector>();
  for (const { doc, tf } of counts) {
    const vector: TermVector = new Map();
    let norm = 0;
    for (const [term, n] of tf) {
      // df counts every term of every document, this one's included, so the fallback never applies.
      const weight = (1 + Math.log(n)) * (Math.log((1 + docs.length) / (1 + (df.get(term) ?? 0))) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    vectors.set(doc.id, vector);
  }
  return vectors;
}

/** The vector tfidfVectors made for document `id`; it makes one for every document it is given. */
export function vectorOf(vectors: ReadonlyMap<string, TermVector>, id: string): TermVector {
  const vector = vectors.get(id);
  if (!vector) throw new Error(`No TF-IDF vector for document ${id}`);
  return vector;
}

export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}

/** Shared entities over the smaller set (overlap coefficient); 0 when either names none. */
export function entityOverlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  const shared = new Set(b.filter((entity) => set.has(entity))).size;
  return shared / Math.min(set.size, new Set(b).size);
}

export const similarity = (cos: number, overlap: number) => TEXT_WEIGHT * cos + (1 - TEXT_WEIGHT) * overlap;
