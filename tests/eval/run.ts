// npm run eval:summaries [-- FILE.jsonl]
// First the six answers on the hand-labelled sample articles (span-level precision and recall per field, and
// fill rates over the whole sample corpus). With a file: also scores the offline summarizer's
// shortSummary and the LEAD-3 baseline against each row's reference and times the summarizer on one
// core; the last line is then machine-readable.
import { summarize } from "../../workers/shared/src/summarizer/index.ts";
import { type EvalRow, readEvalSet } from "./dataset.ts";
import { FIELDS, fieldTable, sampleFillRates, scoreSampleFields } from "./fields.ts";
import { lead3 } from "./lead3.ts";
import { meanScores, type RougeScores, scoreSummary } from "./rouge.ts";

/** Any fixed time will do: the dev sets' dates do not affect shortSummary. */
const PUBLISHED_AT = Date.UTC(2026, 0, 1) / 1000;

const fields = scoreSampleFields();
const fill = sampleFillRates();
console.log(
  `Six answers on ${fields.articles} hand-labelled sample articles, a fill correct when it overlaps the labelled span (tests/eval/field-labels.ts):`,
);
console.log(fieldTable(fields.scores));
console.log(
  `Filled over the whole sample corpus (${fill.articles} articles): ${FIELDS.map((f) => `${f} ${fill.filled[f]}`).join(", ")}\n`,
);

const path = process.argv[2];
if (!path) {
  console.log("(ROUGE: npm run eval:summaries -- FILE.jsonl)");
  process.exit(0);
}
const rows = readEvalSet(path);

const summarizeRow = (row: EvalRow) =>
  summarize({ title: row.title ?? "", body: row.article, publishedAt: PUBLISHED_AT }).shortSummary;

// A warm-up pass lets the JIT settle; then the fastest of three timed passes is taken, each timed
// in this process's CPU time, so other work on a shared machine counts against it as little as
// possible.
const TIMED_PASSES = 3;
rows.slice(0, 20).forEach(summarizeRow);
let summaries: string[] = [];
let fastest = Infinity;
for (let pass = 0; pass < TIMED_PASSES; pass++) {
  const started = process.cpuUsage();
  summaries = rows.map(summarizeRow);
  const used = process.cpuUsage(started);
  fastest = Math.min(fastest, (used.user + used.system) / 1e6);
}
const articlesPerSecond = rows.length / fastest;

const summarizer = meanScores(rows.map((row, i) => scoreSummary(summaries[i]!, row.reference)));
const baseline = meanScores(rows.map((row) => scoreSummary(lead3(row.article), row.reference)));

const fixed = (value: number) => value.toFixed(2);
const triple = (s: RougeScores) => `${fixed(s.rouge1)} ${fixed(s.rouge2)} ${fixed(s.rougeL)}`;
const row = (name: string, s: RougeScores) =>
  `| ${name.padEnd(10)} | ${fixed(s.rouge1).padStart(7)} | ${fixed(s.rouge2).padStart(7)} | ${fixed(s.rougeL).padStart(7)} |`;

console.log(`${path}: ${rows.length} articles`);
console.log("| system     | ROUGE-1 | ROUGE-2 | ROUGE-L |");
console.log("|------------|---------|---------|---------|");
console.log(row("summarizer", summarizer));
console.log(row("lead-3", baseline));
console.log(`summarizer speed: ${articlesPerSecond.toFixed(0)} articles/s (one core, CPU time)`);
console.log(
  `summarizer R1 R2 RL = ${triple(summarizer)}; lead3 R1 R2 RL = ${triple(baseline)}; articles/s = ${articlesPerSecond.toFixed(0)}`,
);
