// The summarizer's public shapes. The six-question summary is the contract's Summary type, so the
// summarizer cannot produce something the API would later reject.
import type { Summary } from "../contracts/articles.ts";

export type { Summary };

export interface SummarizeInput {
  title: string;
  /** Readable article text; paragraphs separated by line breaks. */
  body: string;
  /** Publication time in epoch seconds: relative dates ("yesterday") are resolved against it, in UTC. */
  publishedAt: number;
}

export interface SummarizeResult {
  /** One sentence, at most TLDR_MAX_WORDS words. */
  tldr: string;
  shortSummary: string;
  detailedSummary: string;
  summary: Summary;
  /** Every place the text names, most relevant first (the first is `summary.where`); feeds articles.location. */
  places: string[];
}

/** How much each signal counts when sentences are ranked; the ingestion pipeline tunes these. */
export interface RankWeights {
  /** Earlier sentences carry the news (inverted pyramid). */
  position: number;
  /** Average word overlap with the rest of the article: sentences about the main topic. */
  centrality: number;
  /** Word overlap with the headline. */
  title: number;
  /** A sentence more similar than this to one already chosen is skipped as redundant. */
  redundancy: number;
}
