// Public surface of the offline summarizer.

export { SCORER_WEIGHTS } from "./scorer-weights.ts";
export { summarize } from "./summarize.ts";
export { TLDR_MAX_WORDS } from "./tldr.ts";
