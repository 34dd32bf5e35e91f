// Rows of a data file (train or dev) made ready for fitting and scoring: each article's sentences
// and their features, computed by the summarizer's own code (so training scores exactly the summary
// summarize() will give), its reference prepared for fast ROUGE, and a cache of the summaries
// already scored.
import { withoutDateline } from "../../workers/shared/src/summarizer/dateline.ts";
import { type FeaturedSentence, featureSentences } from "../../workers/shared/src/summarizer/features.ts";
import { scoreSentences, selectSummary } from "../../workers/shared/src/summarizer/rank.ts";
import { normalizeBody, splitSentences } from "../../workers/shared/src/summarizer/sentences.ts";
import type { ScorerWeights } from "../../workers/shared/src/summarizer/types.ts";
import { type EvalRow, readEvalSet } from "./dataset.ts";
import { type PreparedReference, prepareReference, rouge12 } from "./rouge-n.ts";

export interface TrainingRow {
  /** Which of the files given it came from (0 = the first). */
  file: number;
  /** Its cross-validation fold: rows are dealt out in turn within each file, so every fold holds a fifth of each. */
  fold: number;
  row: EvalRow;
  sentences: readonly FeaturedSentence[];
  reference: PreparedReference;
  /** ROUGE-1 and ROUGE-2 of the summaries already scored, keyed by their sentence indices. */
  scored: Map<string, { rouge1: number; rouge2: number }>;
}

export function readTrainingRows(paths: readonly string[], folds: number): TrainingRow[] {
  return paths.flatMap((path, file) =>
    readEvalSet(path).map((row, index) => ({
      file,
      fold: index % folds,
      row,
      sentences: featureSentences(splitSentences(withoutDateline(normalizeBody(row.article))), row.title ?? ""),
      reference: prepareReference(row.reference),
      scored: new Map(),
    })),
  );
}

/** The short summary these weights give the row, as summarize() joins it. */
export function summaryOf(row: TrainingRow, weights: ScorerWeights): string {
  return selectSummary(scoreSentences(row.sentences, weights), weights)
    .map((sentence) => sentence.text)
    .join(" ");
}

/** ROUGE-1 and ROUGE-2 of the row's short summary under these weights. */
export function scoreRow(row: TrainingRow, weights: ScorerWeights): { rouge1: number; rouge2: number } {
  const picked = selectSummary(scoreSentences(row.sentences, weights), weights);
  const key = picked.map((sentence) => sentence.index).join(",");
  let scores = row.scored.get(key);
  if (!scores) {
    scores = rouge12(picked.map((sentence) => sentence.text).join(" "), row.reference);
    row.scored.set(key, scores);
  }
  return scores;
}
