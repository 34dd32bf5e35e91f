// Article categories (one or two of tech, politics, world, business, science): the feed's own
// labels when they map to ours, else a weighted topic-word classifier over the headline and text.
import type { ArticleCategory } from "../contracts/articles.ts";
import { mapFeedCategories } from "./feed-categories.ts";
import { TOPIC_LEXICON } from "./topic-lexicon.ts";

export interface ClassifyInput {
  title: string;
  body: string;
  feedCategories?: string[];
}

const MAX_CATEGORIES = 2;
/** The headline states the topic; each of its words counts this many times over. */
const TITLE_WEIGHT = 4;
/** Only the opening of a long article is read: the topic is set there, and the cost stays flat. */
const MAX_BODY_WORDS = 600;
/** A second category is given when it scores at least this share of the first. */
const SECOND_CATEGORY_SHARE = 0.75;
/** Below this (per 100 words read) no topic is clear, and the article is world news. */
const MIN_SCORE_PER_100_WORDS = 1.5;
/** The catch-all topic: news that names no other topic strongly is usually news from somewhere. */
const FALLBACK_CATEGORY: ArticleCategory = "world";

export function classifyCategories(input: ClassifyInput): ArticleCategory[] {
  const fromFeed = mapFeedCategories(input.feedCategories ?? []);
  if (fromFeed.length > 0) return fromFeed.slice(0, MAX_CATEGORIES);
  return classifyText(input.title, input.body);
}

export function classifyText(title: string, body: string): ArticleCategory[] {
  const titleWords = words(title);
  const bodyWords = words(body).slice(0, MAX_BODY_WORDS);
  const scores = topicScores(titleWords, TITLE_WEIGHT);
  for (const [category, score] of topicScores(bodyWords, 1)) scores.set(category, (scores.get(category) ?? 0) + score);
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  const wordsRead = titleWords.length * TITLE_WEIGHT + bodyWords.length;
  if (!best || (best[1] * 100) / Math.max(wordsRead, 1) < MIN_SCORE_PER_100_WORDS) return [FALLBACK_CATEGORY];
  return second && second[1] >= best[1] * SECOND_CATEGORY_SHARE ? [best[0], second[0]] : [best[0]];
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/’/gu, "'")
    .match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];

interface CompiledLexicon {
  /** Single-word entries by their text. */
  prefixes: Map<string, number>;
  /** Two-word entries by their first word. */
  pairs: Map<string, { second: string; weight: number }[]>;
  shortest: number;
}

let compiled: Map<ArticleCategory, CompiledLexicon> | undefined;

function lexicons(): Map<ArticleCategory, CompiledLexicon> {
  compiled ??= new Map(
    (Object.entries(TOPIC_LEXICON) as [ArticleCategory, Record<string, number>][]).map(([category, lexicon]) => {
      const entry: CompiledLexicon = { prefixes: new Map(), pairs: new Map(), shortest: Infinity };
      for (const [term, weight] of Object.entries(lexicon)) {
        const [first, second] = term.split(" ") as [string, string | undefined];
        if (second === undefined) {
          entry.prefixes.set(first, Math.max(weight, entry.prefixes.get(first) ?? 0));
          entry.shortest = Math.min(entry.shortest, first.length);
        } else entry.pairs.set(first, [...(entry.pairs.get(first) ?? []), { second, weight }]);
      }
      return [category, entry];
    }),
  );
  return compiled;
}

/** Each word scores the weight of the longest entry it begins with; a two-word entry replaces both words' scores. */
function topicScores(text: readonly string[], factor: number): Map<ArticleCategory, number> {
  const scores = new Map<ArticleCategory, number>();
  for (const [category, lexicon] of lexicons()) {
    let score = 0;
    for (let i = 0; i < text.length; i++) {
      const word = text[i];
      if (word === undefined) continue;
      const pair = lexicon.pairs.get(word)?.find((candidate) => text[i + 1]?.startsWith(candidate.second));
      if (pair) {
        score += pair.weight;
        i += 1;
        continue;
      }
      score += longestPrefixWeight(word, lexicon);
    }
    scores.set(category, score * factor);
  }
  return scores;
}

function longestPrefixWeight(word: string, lexicon: CompiledLexicon): number {
  for (let length = word.length; length >= lexicon.shortest; length--) {
    const weight = lexicon.prefixes.get(length === word.length ? word : word.slice(0, length));
    if (weight !== undefined) return weight;
  }
  return 0;
}
