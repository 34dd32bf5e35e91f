// Sentence ranking for the extractive summaries: position + centrality + headline overlap, then a
// greedy pick that skips sentences saying what an earlier pick already said.
import { defined } from "../invariant.ts";
import type { Sentence } from "./sentences.ts";
import type { RankWeights } from "./types.ts";
import { cosine, countWords, coverage, norm, type WordBag, wordBag } from "./words.ts";

/**
 * Chosen by measuring shortSummary against the dev sets' references (tests/eval): of a grid of
 * weights, these beat LEAD-3 on ROUGE-1 and ROUGE-2 of both sets by the widest smallest margin.
 */
export const DEFAULT_WEIGHTS: RankWeights = { position: 1, centrality: 0.6, title: 0.5, redundancy: 0.6 };

/** A quotation is a voice in the story rather than its facts, so it is ranked a little lower. */
const QUOTATION_FACTOR = 0.85;
/** Shorter sentences ("Not everyone agrees.") rarely stand alone in a summary. */
const MIN_SUMMARY_WORDS = 6;

export interface RankedSentence extends Sentence {
  /** Position in the article, from 0. */
  index: number;
  score: number;
  words: WordBag;
}

export function rankSentences(sentences: readonly Sentence[], title: string, weights: RankWeights): RankedSentence[] {
  const bags = sentences.map((sentence) => wordBag(sentence.text));
  const titleWords = wordBag(title);
  const centrality = averageSimilarities(bags);
  const maxCentrality = Math.max(0, ...centrality) || 1;
  return sentences.map((sentence, index) => {
    const words = defined(bags[index], `word bag of sentence ${index}`);
    const score =
      weights.position / Math.sqrt(index + 1) +
      (weights.centrality * defined(centrality[index], `centrality of sentence ${index}`)) / maxCentrality +
      weights.title * coverage(titleWords, words);
    return { ...sentence, index, words, score: isQuotation(sentence.text) ? score * QUOTATION_FACTOR : score };
  });
}

/**
 * Each bag's mean cosine similarity to every other bag. The sum of cosines with the others is the
 * dot product with the sum of all unit vectors, less the bag's own (1), which makes this linear in
 * the number of sentences rather than quadratic.
 */
function averageSimilarities(bags: readonly WordBag[]): number[] {
  if (bags.length < 2) return bags.map(() => 0);
  const normed = bags.map((bag) => ({ bag, length: norm(bag) }));
  const total = new Map<string, number>();
  for (const { bag, length } of normed) {
    for (const [word, count] of bag) if (length > 0) total.set(word, (total.get(word) ?? 0) + count / length);
  }
  return normed.map(({ bag, length }) => {
    if (length === 0) return 0;
    let dot = 0;
    // A sparse sum: a word it lacks weighs 0 there (though every word of a bag with length > 0 is in it).
    for (const [word, count] of bag) dot += count * (total.get(word) ?? 0);
    return (dot / length - 1) / (bags.length - 1);
  });
}

export const isQuotation = (sentence: string) => /^["“‘']/u.test(sentence);

/** The best `count` sentences without near-repeats, in article order. */
export function selectSentences(
  ranked: readonly RankedSentence[],
  count: number,
  redundancy: number,
): RankedSentence[] {
  const long = ranked.filter((sentence) => countWords(sentence.text) >= MIN_SUMMARY_WORDS);
  const pool = [...(long.length > 0 ? long : ranked)].sort((a, b) => b.score - a.score || a.index - b.index);
  const picked: RankedSentence[] = [];
  for (const candidate of pool) {
    if (picked.length === count) break;
    if (picked.every((chosen) => cosine(chosen.words, candidate.words) < redundancy)) picked.push(candidate);
  }
  return picked.sort((a, b) => a.index - b.index);
}
