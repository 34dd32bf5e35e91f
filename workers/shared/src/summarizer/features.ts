// What the learned scorer knows about each sentence: cheap signals of plain text, each about 0 to 1,
// so one weight per signal (scorer-weights.ts, fit offline by tests/eval/train.ts) ranks them.
// Nothing here parses the sentence with compromise: every sentence of every article is scored,
// and at 200 articles a second there is no time for tagging them all. Signals tried and left out,
// because cross-validated they did not raise ROUGE: sentence length, capitalised names, figures, a
// dangling pronoun or connective, a question, overlap with the opening sentence, reported speech
// or attribution, the share of a sentence in quotation marks, a paragraph's opening sentence,
// mentions of the story's main names, new names of any kind, relative position, a named day
// (docs/decisions/015-summarizer-learned-scoring.md).
import { defined } from "../invariant.ts";
import { introducedMainNames } from "./salient-names.ts";
import { isHousekeeping, isQuotation } from "./sentence-cues.ts";
import type { Sentence } from "./sentences.ts";
import { countWords, coverage, norm, type WordBag, wordBag } from "./words.ts";

export const FEATURES = [
  /** 1/√(position + 1): news puts the story first (inverted pyramid). */
  "position",
  /** The opening sentence itself, which often carries the whole story. */
  "opening",
  /** Mean word overlap with the other sentences, relative to the article's most central one. */
  "centrality",
  /** The same with words weighted by rarity across sentences: it rewards the story's own terms. */
  "topicality",
  /** Share of the headline's words the sentence repeats (0 when there is no headline). */
  "headline",
  /** Opens with a quotation mark: a voice in the story rather than its facts. */
  "quotation",
  /**
   * Share of the story's main names (salient-names.ts) it is the first to mention: where the people
   * and places the story is about are introduced, usually with who they are.
   */
  "introducesNames",
  /** The publisher's credits or notices ("contributed to this report"): never the news. */
  "housekeeping",
] as const;
export type Feature = (typeof FEATURES)[number];

export interface FeaturedSentence extends Sentence {
  /** Position in the article, from 0. */
  index: number;
  words: WordBag;
  wordCount: number;
  /** One value per FEATURES entry, in that order. */
  features: readonly number[];
}

export function featureSentences(sentences: readonly Sentence[], title: string): FeaturedSentence[] {
  const bags = sentences.map((sentence) => wordBag(sentence.text));
  const centrality = relativeToMax(averageSimilarities(bags));
  const topicality = relativeToMax(averageSimilarities(weightByRarity(bags)));
  const headline = wordBag(title);
  const names = introducedMainNames(sentences.map((sentence) => sentence.text));
  return sentences.map((sentence, index) => {
    const words = defined(bags[index], `word bag of sentence ${index}`);
    const values: Record<Feature, number> = {
      position: 1 / Math.sqrt(index + 1),
      opening: index === 0 ? 1 : 0,
      centrality: defined(centrality[index], `centrality of sentence ${index}`),
      topicality: defined(topicality[index], `topicality of sentence ${index}`),
      headline: coverage(headline, words),
      quotation: isQuotation(sentence.text) ? 1 : 0,
      introducesNames: names[index] ?? 0,
      housekeeping: isHousekeeping(sentence.text) ? 1 : 0,
    };
    return {
      ...sentence,
      index,
      words,
      wordCount: countWords(sentence.text),
      features: FEATURES.map((feature) => values[feature]),
    };
  });
}

function relativeToMax(values: readonly number[]): number[] {
  const max = Math.max(0, ...values) || 1;
  return values.map((value) => value / max);
}

/**
 * Each word's count times log(1 + sentences / sentences holding it): a word in every sentence
 * ("said", the subject's name) counts less than one the story turns on.
 */
function weightByRarity(bags: readonly WordBag[]): WordBag[] {
  const holding = new Map<string, number>();
  for (const bag of bags) for (const word of bag.keys()) holding.set(word, (holding.get(word) ?? 0) + 1);
  return bags.map(
    (bag) =>
      new Map([...bag].map(([word, count]) => [word, count * Math.log(1 + bags.length / (holding.get(word) ?? 1))])),
  );
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
