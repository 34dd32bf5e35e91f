// npx tsx tests/eval/train.ts TRAIN.jsonl [GUARD-TRAIN.jsonl[:MIN_ROUGE1] ...] --dev DEV.jsonl [GUARD-DEV.jsonl ...] [--refit]
// Learns the summarizer's sentence scorer (docs/decisions/015-summarizer-learned-scoring.md). The
// files are always given here, never named in the repository; the dev files pair with the train
// files in the same order. Which rows do what:
//   1. train rows: 5-fold cross-validation (each fold's rows summarized by weights fit on the other
//      four), the estimate every choice about the scorer is made on; then the weights fit on all of them;
//   2. dev rows: read once, at the end, and summarized with the weights fit on train rows only:
//      the figure to report;
//   3. with --refit, the weights are fit again on train + dev rows with the settings the train-only
//      fit chose (summary length, redundancy) kept, and those ship; without it the train-only ones do.
// The first file is the one to win on; each further one is a guard that must keep its ROUGE-1
// at MIN_ROUGE1 (default: its LEAD-3 score) — see fit.ts.
import { basename } from "node:path";
import type { ScorerWeights } from "../../workers/shared/src/summarizer/types.ts";
import { parseFileArg } from "./file-args.ts";
import { EVERYTHING, fitBagged, type SearchSpace } from "./fit.ts";
import { guardsFor } from "./guards.ts";
import { crossValidatedScores, marginTable, scoreFiles } from "./held-out.ts";
import { PRIOR } from "./prior.ts";
import { BAGS, FOLDS } from "./search-settings.ts";
import { readTrainingRows, summaryOf, type TrainingRow } from "./training-set.ts";
import { WEIGHTS_FILE, writeWeights } from "./weights-file.ts";

const USAGE =
  "usage: npx tsx tests/eval/train.ts TRAIN.jsonl [GUARD-TRAIN.jsonl[:MIN_ROUGE1] ...] --dev DEV.jsonl [GUARD-DEV.jsonl ...] [--refit]";
const args = process.argv.slice(2);
const refit = args.includes("--refit");
const devAt = args.indexOf("--dev");
const trainArgs = args.slice(0, devAt < 0 ? args.length : devAt).filter((arg) => !arg.startsWith("--"));
const devArgs = devAt < 0 ? [] : args.slice(devAt + 1).filter((arg) => !arg.startsWith("--"));
if (trainArgs.length === 0 || devArgs.length !== trainArgs.length) {
  console.error(USAGE);
  console.error("(one dev file for each train file, in the same order)");
  process.exit(1);
}
const files = trainArgs.map(parseFileArg);
const trainPaths = files.map((file) => file.path);
const trainRows = readTrainingRows(trainPaths, FOLDS);

const learn = (training: readonly TrainingRow[], start: ScorerWeights = PRIOR, space: SearchSpace = EVERYTHING) =>
  fitBagged(training, start, guardsFor(files, training), BAGS, space);

const settings = (w: ScorerWeights) =>
  `≤${w.summarySentences} sentences, ≤${w.summaryWords} words, redundancy ${w.redundancy}`;
const rowCounts = (paths: readonly string[], rows: readonly TrainingRow[]) =>
  paths.map((path, file) => `${basename(path)} ${rows.filter((row) => row.file === file).length}`).join(", ");

console.log(`Train rows (${rowCounts(trainPaths, trainRows)}): ${FOLDS}-fold cross-validation, then the fit.`);
const crossValidated = crossValidatedScores(trainPaths, trainRows, FOLDS, (training, fold) => {
  const started = Date.now();
  const weights = learn(training);
  console.log(`fold ${fold + 1}/${FOLDS}: ${settings(weights)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return weights;
});
const cvReport = [
  `${FOLDS}-fold cross-validated on the train rows (weights never scored on the rows they were fit on):`,
  ...marginTable(crossValidated),
];
console.log(`\n${cvReport.join("\n")}\n`);

const trainOnly = learn(trainRows);
console.log(`Weights fit on every train row: ${settings(trainOnly)}.`);

// The dev rows are read here, once, after every choice has been made on the train rows.
const devPaths = devArgs.map((arg) => parseFileArg(arg).path);
const devRows = readTrainingRows(devPaths, FOLDS);
const devReport = [
  `Dev rows (${rowCounts(devPaths, devRows)}), read once and summarized with the weights fit on train rows only:`,
  ...marginTable(scoreFiles(devPaths, devRows, (row) => summaryOf(row, trainOnly))),
];
console.log(`\n${devReport.join("\n")}\n`);

// The refit is the same search on more rows, with the settings the train-only fit chose held fixed.
const keptSettings: ScorerWeights = {
  ...PRIOR,
  summarySentences: trainOnly.summarySentences,
  summaryWords: trainOnly.summaryWords,
  redundancy: trainOnly.redundancy,
};
const shipped = refit ? learn([...trainRows, ...devRows], keptSettings, { ...EVERYTHING, settings: false }) : trainOnly;
const guards = files
  .slice(1)
  .map((file) => `${basename(file.path)}${file.minRouge1 === undefined ? "" : `:${file.minRouge1}`}`);
const shippedFrom = refit
  ? `These weights were fit again on train + dev rows (${trainRows.length + devRows.length}) with the settings of the train-only fit; the tables score the train-only weights.`
  : `These weights were fit on train rows only (${trainRows.length}); the dev table scores them.`;
writeWeights(shipped, [
  `Objective ${basename(trainPaths[0] ?? "")}${guards.length > 0 ? `, guarded by ${guards.join(", ")}` : ""}; dev ${devPaths.map((path) => basename(path)).join(", ")}.`,
  shippedFrom,
  ...cvReport,
  ...devReport,
]);
console.log(`${shippedFrom}\nWritten to ${WEIGHTS_FILE}: ${settings(shipped)}.`);
