// Precision and recall of each of the six answers against the hand-labelled sample set
// (tests/eval/field-labels.ts): does the summarizer fill a field exactly when the text holds an answer?
import { summarize } from "../../workers/shared/src/summarizer/index.ts";
import type { Summary } from "../../workers/shared/src/summarizer/types.ts";
import { type FieldLabels, SAMPLE_FIELD_LABELS } from "./field-labels.ts";
import { readSampleCorpus } from "./sample-corpus.ts";

export const FIELDS = ["who", "what", "when", "where", "why", "how"] as const satisfies readonly (keyof Summary)[];
export type Field = (typeof FIELDS)[number];

export interface FieldScore {
  field: Field;
  /** Labelled present, and filled. */
  hits: number;
  /** Labelled absent, yet filled. */
  falseAlarms: number;
  /** Labelled present, left empty. */
  misses: number;
  precision: number;
  recall: number;
}

/** Any fixed time will do: it only turns relative dates into absolute ones. */
const PUBLISHED_AT = Date.UTC(2026, 10, 22, 9) / 1000;

export function scoreFields(
  labels: readonly FieldLabels[],
  answer: (key: string) => Summary,
): { scores: FieldScore[]; articles: number } {
  const summaries = labels.map((label) => ({ label, summary: answer(label.key) }));
  const scores = FIELDS.map((field) => {
    let hits = 0;
    let falseAlarms = 0;
    let misses = 0;
    for (const { label, summary } of summaries) {
      const filled = summary[field].trim() !== "";
      if (filled && label[field]) hits++;
      else if (filled) falseAlarms++;
      else if (label[field]) misses++;
    }
    // No answer given and none expected: nothing was wrong, so both count as perfect.
    const precision = hits + falseAlarms === 0 ? 1 : hits / (hits + falseAlarms);
    const recall = hits + misses === 0 ? 1 : hits / (hits + misses);
    return { field, hits, falseAlarms, misses, precision, recall };
  });
  return { scores, articles: summaries.length };
}

/** The offline summarizer on the labelled sample articles. */
export function scoreSampleFields() {
  const corpus = new Map(readSampleCorpus().map((article) => [article.key, article]));
  return scoreFields(SAMPLE_FIELD_LABELS, (key) => {
    const article = corpus.get(key);
    if (!article) throw new Error(`labelled article ${key} is not in the sample corpus`);
    return summarize({ title: article.title, body: article.body, publishedAt: PUBLISHED_AT }).summary;
  });
}

/** Fill rates over the whole sample corpus: how many articles get each field at all. */
export function sampleFillRates(): { articles: number; filled: Record<Field, number> } {
  const corpus = readSampleCorpus();
  const filled = Object.fromEntries(FIELDS.map((field) => [field, 0])) as Record<Field, number>;
  for (const article of corpus) {
    const { summary } = summarize({ title: article.title, body: article.body, publishedAt: PUBLISHED_AT });
    for (const field of FIELDS) if (summary[field].trim() !== "") filled[field]++;
  }
  return { articles: corpus.length, filled };
}

export function fieldTable(scores: readonly FieldScore[]): string {
  const rows = scores.map(
    (s) =>
      `| ${s.field.padEnd(5)} | ${s.precision.toFixed(2).padStart(9)} | ${s.recall.toFixed(2).padStart(6)} | ${String(s.hits).padStart(4)} | ${String(s.falseAlarms).padStart(12)} | ${String(s.misses).padStart(6)} |`,
  );
  return [
    "| field | precision | recall | hits | false alarms | misses |",
    "|-------|-----------|--------|------|--------------|--------|",
    ...rows,
  ].join("\n");
}
