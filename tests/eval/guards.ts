// The guards of a fit (fit.ts): every file after the first keeps its ROUGE-1 at a floor, the one
// given on the command line or else its LEAD-3 score on the rows being fit.
import type { FileArg } from "./file-args.ts";
import type { Guard } from "./fit.ts";
import { lead3 } from "./lead3.ts";
import { meanScores, scoreSummary } from "./rouge.ts";
import type { TrainingRow } from "./training-set.ts";

const lead3Rouge1 = (rows: readonly TrainingRow[]) =>
  meanScores(rows.map((row) => scoreSummary(lead3(row.row.article), row.row.reference))).rouge1;

export const guardsFor = (files: readonly FileArg[], training: readonly TrainingRow[]): Guard[] =>
  files.slice(1).map((file, offset) => ({
    file: offset + 1,
    minRouge1: file.minRouge1 ?? lead3Rouge1(training.filter((row) => row.file === offset + 1)),
  }));
