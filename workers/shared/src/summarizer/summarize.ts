// Offline extractive summarizer: no network, no model. Parses the article once with compromise,
// ranks its sentences, and answers the six questions from the lead and the best-ranked sentences.
import nlp from "compromise";
import { findEntities } from "./entities.ts";
import { answerFiveWs } from "./five-ws.ts";
import { DEFAULT_WEIGHTS, rankSentences, selectSentences, type RankedSentence } from "./rank.ts";
import { normalizeBody, splitSentences } from "./sentences.ts";
import { chooseLead, toTldr } from "./tldr.ts";
import type { RankWeights, SummarizeInput, SummarizeResult } from "./types.ts";

export const SHORT_SUMMARY_SENTENCES = 3;
/** Long articles get six sentences in the detailed summary, others five. */
const DETAILED_SUMMARY_SENTENCES = { short: 5, long: 6 } as const;
const LONG_ARTICLE_SENTENCES = 12;

export function summarize(input: SummarizeInput, weights: RankWeights = DEFAULT_WEIGHTS): SummarizeResult {
  const title = input.title.trim();
  // With no body to speak of, the headline is the only text there is.
  const text = /[\p{L}\p{N}]/u.test(input.body) ? normalizeBody(input.body) : title;
  const sentences = splitSentences(nlp(text), text);
  const ranked = rankSentences(sentences, title, weights);
  const lead = chooseLead(ranked);
  const others = ranked.filter((sentence) => sentence !== lead);
  const detailedCount = sentences.length >= LONG_ARTICLE_SENTENCES ? DETAILED_SUMMARY_SENTENCES.long : DETAILED_SUMMARY_SENTENCES.short;
  const entities = findEntities(sentences, { title, body: text, lead: lead.text });
  const joined = (picked: RankedSentence[]) => picked.map((sentence) => sentence.text).join(" ");
  return {
    tldr: toTldr(lead),
    shortSummary: joined(selectSentences(ranked, SHORT_SUMMARY_SENTENCES, weights.redundancy)),
    detailedSummary: joined(selectSentences(ranked, detailedCount, weights.redundancy)),
    summary: answerFiveWs({
      title,
      lead,
      byRank: [lead, ...[...others].sort((a, b) => b.score - a.score || a.index - b.index)],
      byPosition: [lead, ...others],
      entities,
      publishedAt: input.publishedAt,
    }),
    places: entities.places,
  };
}
