// ROUGE of summaries made with weights that never saw the rows they summarize, per file, against
// LEAD-3: the table train.ts and compare-features.ts print.
import { basename } from "node:path";
import type { ScorerWeights } from "../../workers/shared/src/summarizer/types.ts";
import { crossValidate } from "./cross-validate.ts";
import { lead3 } from "./lead3.ts";
import { meanScores, type RougeScores, scoreSummary } from "./rouge.ts";
import { summaryOf, type TrainingRow } from "./training-set.ts";

export interface FileScores {
  path: string;
  rows: number;
  summarizer: RougeScores;
  lead3: RougeScores;
  /** Each row's ROUGE-1 + ROUGE-2, in the file's order: for comparing two runs row by row. */
  perRow: number[];
}

/** Scores the summaries `summaries` gives each row, file by file. */
export function scoreFiles(
  paths: readonly string[],
  rows: readonly TrainingRow[],
  summaries: (row: TrainingRow) => string,
): FileScores[] {
  return paths.map((path, file) => {
    const own = rows.filter((row) => row.file === file);
    const scores = own.map((row) => scoreSummary(summaries(row), row.row.reference));
    return {
      path,
      rows: own.length,
      summarizer: meanScores(scores),
      lead3: meanScores(own.map((row) => scoreSummary(lead3(row.row.article), row.row.reference))),
      perRow: scores.map((s) => s.rouge1 + s.rouge2),
    };
  });
}

/** k-fold cross-validation (cross-validate.ts) of `learn`, scored file by file. */
export function crossValidatedScores(
  paths: readonly string[],
  rows: readonly TrainingRow[],
  folds: number,
  learn: (training: readonly TrainingRow[], fold: number) => ScorerWeights,
): FileScores[] {
  const heldOut = crossValidate(rows, folds, learn, summaryOf);
  return scoreFiles(paths, rows, (row) => heldOut.get(row) ?? "");
}

const fixed = (value: number) => value.toFixed(2);
const signed = (value: number) => `${value >= 0 ? "+" : ""}${fixed(value)}`;
const triple = (s: RougeScores) => `${fixed(s.rouge1)} / ${fixed(s.rouge2)} / ${fixed(s.rougeL)}`;

/** A Markdown table: each file's summarizer and LEAD-3 ROUGE-1/2/L and the margin. */
export function marginTable(files: readonly FileScores[]): string[] {
  return [
    "| set | summarizer R1 / R2 / RL | LEAD-3 R1 / R2 / RL | margin R1 / R2 / RL |",
    "|---|---|---|---|",
    ...files.map(
      (file) =>
        `| ${basename(file.path)} (${file.rows} rows) | ${triple(file.summarizer)} | ${triple(file.lead3)} | ${signed(file.summarizer.rouge1 - file.lead3.rouge1)} / ${signed(file.summarizer.rouge2 - file.lead3.rouge2)} / ${signed(file.summarizer.rougeL - file.lead3.rougeL)} |`,
    ),
  ];
}

/**
 * The mean row-by-row difference of two runs' ROUGE-1 + ROUGE-2 on the same rows, with its standard
 * error: a gain smaller than about two standard errors is not told apart from noise.
 */
export function pairedGain(base: readonly number[], other: readonly number[]): { mean: number; standardError: number } {
  const differences = other.map((value, index) => value - (base[index] ?? 0));
  const n = Math.max(1, differences.length);
  const mean = differences.reduce((sum, d) => sum + d, 0) / n;
  const variance = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / Math.max(1, n - 1);
  return { mean, standardError: Math.sqrt(variance / n) };
}
