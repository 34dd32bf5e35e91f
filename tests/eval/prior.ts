// Where every search starts: the hand-set weights the summarizer shipped with before it learned
// them (docs/decisions/015-summarizer-learned-scoring.md), and 0 for every signal added since.
import { FEATURES, type Feature } from "../../workers/shared/src/summarizer/features.ts";
import type { ScorerWeights } from "../../workers/shared/src/summarizer/types.ts";

const HAND_SET: Partial<Record<Feature, number>> = {
  position: 1,
  centrality: 0.6,
  headline: 0.5,
  quotation: -0.15,
};

export const PRIOR: ScorerWeights = {
  features: Object.fromEntries(FEATURES.map((feature) => [feature, HAND_SET[feature] ?? 0])) as Record<Feature, number>,
  summarySentences: 3,
  summaryWords: 75,
  redundancy: 0.6,
};
