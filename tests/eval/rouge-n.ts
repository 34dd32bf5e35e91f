// ROUGE-1 and ROUGE-2 F1 × 100 as rouge.ts scores them (same tokens, same clipped n-gram counts),
// with the reference's n-grams counted once: the training loop scores thousands of candidate
// summaries against each reference, and js-rouge re-reads the reference every time.
import { rougeTokens } from "./rouge.ts";

export interface PreparedReference {
  unigrams: ReadonlyMap<string, number>;
  bigrams: ReadonlyMap<string, number>;
  unigramCount: number;
  bigramCount: number;
}

function countGrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join(" ");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

export function prepareReference(reference: string): PreparedReference {
  const tokens = rougeTokens(reference);
  return {
    unigrams: countGrams(tokens, 1),
    bigrams: countGrams(tokens, 2),
    unigramCount: tokens.length,
    bigramCount: Math.max(0, tokens.length - 1),
  };
}

function f1(candidate: readonly string[], n: number, reference: ReadonlyMap<string, number>, referenceCount: number) {
  const grams = countGrams(candidate, n);
  let matched = 0;
  let total = 0;
  for (const [gram, count] of grams) {
    total += count;
    matched += Math.min(count, reference.get(gram) ?? 0);
  }
  if (matched === 0) return 0;
  const precision = matched / total;
  const recall = matched / referenceCount;
  return (100 * 2 * precision * recall) / (precision + recall);
}

/** ROUGE-1 and ROUGE-2 of a candidate against a prepared reference. */
export function rouge12(candidate: string, reference: PreparedReference): { rouge1: number; rouge2: number } {
  const tokens = rougeTokens(candidate);
  return {
    rouge1: f1(tokens, 1, reference.unigrams, reference.unigramCount),
    rouge2: f1(tokens, 2, reference.bigrams, reference.bigramCount),
  };
}
