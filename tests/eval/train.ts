// npx tsx tests/eval/train.ts PRIMARY.jsonl [GUARD.jsonl[:MIN_ROUGE1] ...]
// Learns the summarizer's sentence scorer from dev sets (JSON Lines of article + reference; the
// files are always given here, never named in the repository). First 5-fold cross-validation:
// for each fold, weights are fit on the other four and its rows are summarized with them, so
// every row is scored by weights that never saw it; the table compares those summaries with
// LEAD-3. Then the weights are fit once more on every row and written to scorer-weights.ts.
// The first file is the one to win on; each further one is a guard that must keep its ROUGE-1
// at MIN_ROUGE1 (default: its LEAD-3 score) — see fit.ts.
import { basename } from "node:path";
import type { ScorerWeights } from "../../workers/shared/src/summarizer/types.ts";
import { crossValidate } from "./cross-validate.ts";
import { fitBagged, type Guard } from "./fit.ts";
import { lead3 } from "./lead3.ts";
import { meanScores, type RougeScores, scoreSummary } from "./rouge.ts";
import { readTrainingRows, summaryOf, type TrainingRow } from "./training-set.ts";
import { WEIGHTS_FILE, writeWeights } from "./weights-file.ts";

const FOLDS = 5;

/** Where the search starts: the hand-set weights the summarizer shipped with before it learned them. */
const PRIOR: ScorerWeights = {
  features: {
    position: 1,
    opening: 0,
    centrality: 0.6,
    topicality: 0,
    headline: 0.5,
    quotation: -0.15,
  },
  summarySentences: 3,
  summaryWords: 75,
  redundancy: 0.6,
};

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error("usage: npx tsx tests/eval/train.ts PRIMARY.jsonl [GUARD.jsonl[:MIN_ROUGE1] ...]");
  process.exit(1);
}
const files = args.map((arg, index) => {
  const match = index > 0 ? arg.match(/^(.*):(\d+(?:\.\d+)?)$/) : null;
  return { path: match?.[1] ?? arg, minRouge1: match?.[2] === undefined ? undefined : Number(match[2]) };
});
const rows = readTrainingRows(
  files.map((file) => file.path),
  FOLDS,
);

const lead3Rouge1 = (subset: readonly TrainingRow[]) =>
  meanScores(subset.map((row) => scoreSummary(lead3(row.row.article), row.row.reference))).rouge1;

/** Guards for fitting on `training`: a floor given on the command line, else LEAD-3 on those rows. */
const guardsFor = (training: readonly TrainingRow[]): Guard[] =>
  files.slice(1).map((file, offset) => ({
    file: offset + 1,
    minRouge1: file.minRouge1 ?? lead3Rouge1(training.filter((row) => row.file === offset + 1)),
  }));

/** Bootstrap runs averaged per fit (fit.ts): fewer left the cross-validated scores noticeably noisier. */
const BAGS = 16;
const learn = (training: readonly TrainingRow[]) => fitBagged(training, PRIOR, guardsFor(training), BAGS);

const fixed = (value: number) => value.toFixed(2);
const settings = (w: ScorerWeights) =>
  `≤${w.summarySentences} sentences, ≤${w.summaryWords} words, redundancy ${w.redundancy}`;

const heldOut = crossValidate(
  rows,
  FOLDS,
  (training, fold) => {
    const started = Date.now();
    const weights = learn(training);
    console.log(`fold ${fold + 1}/${FOLDS}: ${settings(weights)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return weights;
  },
  summaryOf,
);

const report: string[] = [`${FOLDS}-fold cross-validated ROUGE (weights never scored on the rows they were fit on):`];
report.push("| set | summarizer R1 / R2 / RL | LEAD-3 R1 / R2 / RL | margin R1 / R2 / RL |");
report.push("|---|---|---|---|");
files.forEach((file, index) => {
  const own = rows.filter((row) => row.file === index);
  const summarizer = meanScores(own.map((row) => scoreSummary(heldOut.get(row) ?? "", row.row.reference)));
  const baseline = meanScores(own.map((row) => scoreSummary(lead3(row.row.article), row.row.reference)));
  const triple = (s: RougeScores) => `${fixed(s.rouge1)} / ${fixed(s.rouge2)} / ${fixed(s.rougeL)}`;
  const margin = (key: keyof RougeScores) =>
    `${summarizer[key] >= baseline[key] ? "+" : ""}${fixed(summarizer[key] - baseline[key])}`;
  report.push(
    `| ${basename(file.path)} (${own.length} rows) | ${triple(summarizer)} | ${triple(baseline)} | ${margin("rouge1")} / ${margin("rouge2")} / ${margin("rougeL")} |`,
  );
});
console.log(`\n${report.join("\n")}\n`);

const final = learn(rows);
const guards = files
  .slice(1)
  .map((file) => `${basename(file.path)}${file.minRouge1 === undefined ? "" : `:${file.minRouge1}`}`);
writeWeights(final, [
  `Fit on ${basename(files[0]?.path ?? "")} (objective)${guards.length > 0 ? ` with ${guards.join(", ")} as guard` : ""}, ${rows.length} rows.`,
  ...report,
]);
console.log(`Final weights (every row): ${settings(final)}; written to ${WEIGHTS_FILE}`);
