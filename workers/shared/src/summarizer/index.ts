// Public surface of the offline summarizer.
export { summarize, SHORT_SUMMARY_SENTENCES } from "./summarize.ts";
export { DEFAULT_WEIGHTS } from "./rank.ts";
export { TLDR_MAX_WORDS } from "./tldr.ts";
export type { RankWeights, SummarizeInput, SummarizeResult, Summary } from "./types.ts";
