// Offline extractive summarizer: no network, no model. Splits and ranks every sentence with plain
// code, tags the lead with compromise (its cost grows with the text, and most of the six answers
// come from the lead) and the other sentences from compromise's lexicon, and answers the six
// questions from those.
import { withoutDateline } from "./dateline.ts";
import { findEntities } from "./entities.ts";
import { answerFiveWs } from "./five-ws.ts";
import { type RankedSentence, rankSentences, selectSentences, selectSummary } from "./rank.ts";
import { SCORER_WEIGHTS } from "./scorer-weights.ts";
import { lexiconTerms, normalizeBody, type Sentence, splitSentences, tagSentences } from "./sentences.ts";
import { chooseLead, toTldr } from "./tldr.ts";
import type { ScorerWeights, SummarizeInput, SummarizeResult } from "./types.ts";

/** Long articles get six sentences in the detailed summary, others five. */
const DETAILED_SUMMARY_SENTENCES = { short: 5, long: 6 } as const;
const LONG_ARTICLE_SENTENCES = 12;
/**
 * Names are looked for in this many opening sentences (the people and places the story is about),
 * and only these and the best-ranked few get their words looked up; later ones are read as plain text.
 */
const OPENING_SENTENCES = 8;
/** why and how look no deeper than this among the best-ranked sentences. */
const RANKED_SENTENCES_READ = 7;

export function summarize(input: SummarizeInput, weights: ScorerWeights = SCORER_WEIGHTS): SummarizeResult {
  const title = input.title.trim();
  // With no body to speak of, the headline is the only text there is.
  const text = /[\p{L}\p{N}]/u.test(input.body) ? withoutDateline(normalizeBody(input.body)) : title;
  const ranked = rankSentences(splitSentences(text), title, weights);
  const lead = chooseLead(ranked);
  const [taggedLead] = tagSentences([lead]) as [Sentence];
  const termsCache = new Map<number, Sentence>([[lead.index, taggedLead]]);
  const withTags = (sentence: RankedSentence): Sentence => {
    const known = termsCache.get(sentence.index);
    if (known) return known;
    const tagged = lexiconTerms(sentence);
    termsCache.set(sentence.index, tagged);
    return tagged;
  };
  const others = ranked.filter((sentence) => sentence !== lead);
  const detailedCount =
    ranked.length >= LONG_ARTICLE_SENTENCES ? DETAILED_SUMMARY_SENTENCES.long : DETAILED_SUMMARY_SENTENCES.short;
  const entities = findEntities(ranked.slice(0, OPENING_SENTENCES).map(withTags), {
    title,
    body: text,
    lead: lead.text,
  });
  const byRank = [...others].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, RANKED_SENTENCES_READ - 1);
  const joined = (picked: RankedSentence[]) => picked.map((sentence) => sentence.text).join(" ");
  return {
    tldr: toTldr(taggedLead),
    shortSummary: joined(selectSummary(ranked, weights)),
    detailedSummary: joined(selectSentences(ranked, detailedCount, weights.redundancy)),
    summary: answerFiveWs({
      title,
      lead: taggedLead,
      byRank: [taggedLead, ...byRank.map(withTags)],
      byPosition: [
        taggedLead,
        ...others.map((sentence) => (sentence.index < OPENING_SENTENCES ? withTags(sentence) : sentence)),
      ],
      entities,
      publishedAt: input.publishedAt,
    }),
    places: entities.places,
  };
}
