// Sentence ranking for the extractive summaries: a learned linear score over each sentence's
// features (features.ts, weights in scorer-weights.ts), then a greedy pick, best first, that skips
// sentences saying what an earlier pick already said.
import { FEATURES, type FeaturedSentence, featureSentences } from "./features.ts";
import { SCORER_WEIGHTS } from "./scorer-weights.ts";
import type { Sentence } from "./sentences.ts";
import type { ScorerWeights } from "./types.ts";
import { cosine } from "./words.ts";

/** Shorter sentences ("Not everyone agrees.") rarely stand alone in a summary. */
const MIN_SUMMARY_WORDS = 6;

export interface RankedSentence extends FeaturedSentence {
  score: number;
}

export function rankSentences(
  sentences: readonly Sentence[],
  title: string,
  weights: ScorerWeights = SCORER_WEIGHTS,
): RankedSentence[] {
  return scoreSentences(featureSentences(sentences, title), weights);
}

/** Scores sentences whose features are already known (the training loop scores them many times). */
export function scoreSentences(featured: readonly FeaturedSentence[], weights: ScorerWeights): RankedSentence[] {
  const perFeature = FEATURES.map((feature) => weights.features[feature]);
  return featured.map((sentence) => {
    let score = 0;
    for (let i = 0; i < perFeature.length; i++) score += (perFeature[i] ?? 0) * (sentence.features[i] ?? 0);
    return { ...sentence, score };
  });
}

/** The best `count` sentences without near-repeats, in article order (the detailed summary). */
export function selectSentences(
  ranked: readonly RankedSentence[],
  count: number,
  redundancy: number,
): RankedSentence[] {
  return pick(ranked, redundancy, (picked) => picked.length < count);
}

/**
 * The short summary: the best sentences without near-repeats, at most `summarySentences` of them,
 * ending before the first one that would take it past `summaryWords` words (the first is always
 * taken). Stopping there, rather than reaching past it for a shorter sentence further down the
 * ranking, keeps the summary to the sentences the scorer trusts most; it scored better on the dev sets.
 */
export function selectSummary(ranked: readonly RankedSentence[], weights: ScorerWeights): RankedSentence[] {
  let words = 0;
  return pick(ranked, weights.redundancy, (picked, next) => {
    if (picked.length >= weights.summarySentences) return false;
    if (picked.length > 0 && words + next.wordCount > weights.summaryWords) return false;
    words += next.wordCount;
    return true;
  });
}

/** Best-first over the long-enough sentences; `more` says whether `next` is taken or the pick ends. */
function pick(
  ranked: readonly RankedSentence[],
  redundancy: number,
  more: (picked: readonly RankedSentence[], next: RankedSentence) => boolean,
): RankedSentence[] {
  const long = ranked.filter((sentence) => sentence.wordCount >= MIN_SUMMARY_WORDS);
  const pool = [...(long.length > 0 ? long : ranked)].sort((a, b) => b.score - a.score || a.index - b.index);
  const picked: RankedSentence[] = [];
  for (const candidate of pool) {
    if (!picked.every((chosen) => cosine(chosen.words, candidate.words) < redundancy)) continue;
    if (!more(picked, candidate)) break;
    picked.push(candidate);
  }
  return picked.sort((a, b) => a.index - b.index);
}
