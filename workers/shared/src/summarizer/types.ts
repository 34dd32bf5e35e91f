// The summarizer's public shapes. The six-question summary is the contract's Summary type, so the
// summarizer cannot produce something the API would later reject.
import type { Summary } from "../contracts/articles.ts";
import type { Feature } from "./features.ts";

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

/**
 * The learned sentence scorer and the short summary's length: data fit offline to reference
 * summaries by tests/eval/train.ts and committed as scorer-weights.ts.
 */
export interface ScorerWeights {
  /** A sentence's score is the sum of its features times these. */
  features: Readonly<Record<Feature, number>>;
  /** The short summary holds at most this many sentences… */
  summarySentences: number;
  /** …and stops before a sentence that would take it past this many words. */
  summaryWords: number;
  /** A sentence more similar than this (word cosine) to one already chosen is skipped as redundant. */
  redundancy: number;
}
