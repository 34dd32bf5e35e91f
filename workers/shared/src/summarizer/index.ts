// Public surface of the offline summarizer.

export { DEFAULT_WEIGHTS } from "./rank.ts";
export { SHORT_SUMMARY_SENTENCES, summarize } from "./summarize.ts";
export { TLDR_MAX_WORDS } from "./tldr.ts";
export type { RankWeights, SummarizeInput, SummarizeResult, Summary } from "./types.ts";
