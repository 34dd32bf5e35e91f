// A cheap stand-in for named-entity recognition, fast enough for every sentence of every article:
// a name is a capitalised word met inside a sentence somewhere in the article (a sentence's first
// word is capitalised anyway, so it counts only when the word is a name elsewhere). The names the
// most sentences mention are whom and what the story is about.
import { STOPWORDS } from "./stopwords.ts";

const CAPITALISED = /\p{Lu}[\p{L}\p{M}'’-]*/gu;

/** The story's main names: at most this many, each mentioned in at least MIN_MENTIONS sentences. */
const MAIN_NAMES = 3;
const MIN_MENTIONS = 2;

/** The lower-cased capitalised words of a sentence, with whether each is its first word. */
function capitalisedWords(sentence: string): { word: string; first: boolean }[] {
  const firstWord = sentence.search(/[\p{L}\p{N}]/u);
  return [...sentence.matchAll(CAPITALISED)]
    .map((match) => ({ word: match[0].toLowerCase().replace(/['’]s$/u, ""), first: match.index === firstWord }))
    .filter(({ word }) => word.length > 1 && !STOPWORDS.has(word));
}

/**
 * For each sentence, the share of the story's main names first mentioned in it (0 to 1; 0 for
 * every sentence when no name recurs).
 */
export function introducedMainNames(sentences: readonly string[]): number[] {
  const perSentence = sentences.map(capitalisedWords);
  const names = new Set(perSentence.flatMap((words) => words.filter((w) => !w.first).map((w) => w.word)));
  const sentencesNaming = new Map<string, { count: number; first: number }>();
  perSentence.forEach((words, index) => {
    for (const name of new Set(words.map((w) => w.word).filter((word) => names.has(word)))) {
      const seen = sentencesNaming.get(name);
      if (seen) seen.count += 1;
      else sentencesNaming.set(name, { count: 1, first: index });
    }
  });
  const main = [...sentencesNaming.values()]
    .filter((seen) => seen.count >= MIN_MENTIONS)
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, MAIN_NAMES);
  return sentences.map((_, index) =>
    main.length === 0 ? 0 : main.filter((seen) => seen.first === index).length / main.length,
  );
}
