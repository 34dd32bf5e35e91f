// Sentence ranking for the extractive summaries: position + centrality + headline overlap, then a
// greedy pick that skips sentences saying what an earlier pick already said.
import type { Sentence } from "./sentences.ts";
import type { RankWeights } from "./types.ts";
import { cosine, countWords, coverage, wordBag, type WordBag } from "./words.ts";

export const DEFAULT_WEIGHTS: RankWeights = { position: 1, centrality: 0.6, title: 0.5, redundancy: 0.5 };

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
  const centrality = bags.map((bag, i) => averageSimilarity(bag, bags, i));
  const maxCentrality = Math.max(0, ...centrality) || 1;
  return sentences.map((sentence, index) => {
    const words = bags[index]!;
    const score =
      weights.position / Math.sqrt(index + 1) +
      (weights.centrality * centrality[index]!) / maxCentrality +
      weights.title * coverage(titleWords, words);
    return { ...sentence, index, words, score: isQuotation(sentence.text) ? score * QUOTATION_FACTOR : score };
  });
}

function averageSimilarity(bag: WordBag, all: readonly WordBag[], self: number): number {
  if (all.length < 2) return 0;
  let sum = 0;
  all.forEach((other, i) => {
    if (i !== self) sum += cosine(bag, other);
  });
  return sum / (all.length - 1);
}

export const isQuotation = (sentence: string) => /^["“‘']/u.test(sentence);

/** The best `count` sentences without near-repeats, in article order. */
export function selectSentences(ranked: readonly RankedSentence[], count: number, redundancy: number): RankedSentence[] {
  const long = ranked.filter((sentence) => countWords(sentence.text) >= MIN_SUMMARY_WORDS);
  const pool = [...(long.length > 0 ? long : ranked)].sort((a, b) => b.score - a.score || a.index - b.index);
  const picked: RankedSentence[] = [];
  for (const candidate of pool) {
    if (picked.length === count) break;
    if (picked.every((chosen) => cosine(chosen.words, candidate.words) < redundancy)) picked.push(candidate);
  }
  return picked.sort((a, b) => a.index - b.index);
}
