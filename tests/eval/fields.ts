// Span-level precision and recall of each of the six answers against the hand-labelled sample set
// (tests/eval/field-labels.ts): a fill is correct only when it overlaps a labelled span of its field.
import { summarize } from "../../workers/shared/src/summarizer/index.ts";
import type { Summary } from "../../workers/shared/src/summarizer/types.ts";
import { type FieldSpans, SAMPLE_FIELD_SPANS } from "./field-labels.ts";
import { readSampleCorpus } from "./sample-corpus.ts";
import { overlapsAnySpan } from "./span-match.ts";

export const FIELDS = ["who", "what", "when", "where", "why", "how"] as const satisfies readonly (keyof Summary)[];
export type Field = (typeof FIELDS)[number];

export interface FieldScore {
  field: Field;
  /** Labelled, filled, and the fill overlaps a labelled span. */
  hits: number;
  /** Labelled and filled, but with something the labelled spans do not say. */
  wrong: number;
  /** Not stated in the article, yet filled. */
  falseAlarms: number;
  /** Labelled, left empty. */
  misses: number;
  /** Correct fills / all fills. */
  precision: number;
  /** Correct fills / all labelled answers. */
  recall: number;
}

/** Any fixed time will do: it only turns relative dates into absolute ones (the labels' dates assume this one). */
const PUBLISHED_AT = Date.UTC(2026, 10, 22, 9) / 1000;

export function scoreFields(
  labels: readonly FieldSpans[],
  answer: (key: string) => Summary,
): { scores: FieldScore[]; articles: number } {
  const summaries = labels.map((label) => ({ label, summary: answer(label.key) }));
  const scores = FIELDS.map((field) => {
    const score = { hits: 0, wrong: 0, falseAlarms: 0, misses: 0 };
    for (const { label, summary } of summaries) {
      const fill = summary[field].trim();
      const spans = label[field];
      if (fill === "" && spans.length > 0) score.misses++;
      else if (fill === "") continue;
      else if (spans.length === 0) score.falseAlarms++;
      else if (overlapsAnySpan(fill, spans)) score.hits++;
      else score.wrong++;
    }
    const filled = score.hits + score.wrong + score.falseAlarms;
    const labelled = score.hits + score.wrong + score.misses;
    // No answer given and none expected: nothing was wrong, so both count as perfect.
    return {
      field,
      ...score,
      precision: filled === 0 ? 1 : score.hits / filled,
      recall: labelled === 0 ? 1 : score.hits / labelled,
    };
  });
  return { scores, articles: summaries.length };
}

const summarizeSample = (article: { title: string; body: string }) =>
  summarize({ title: article.title, body: article.body, publishedAt: PUBLISHED_AT }).summary;

/** The offline summarizer on the labelled sample articles. */
export function scoreSampleFields() {
  const corpus = new Map(readSampleCorpus().map((article) => [article.key, article]));
  return scoreFields(SAMPLE_FIELD_SPANS, (key) => {
    const article = corpus.get(key);
    if (!article) throw new Error(`labelled article ${key} is not in the sample corpus`);
    return summarizeSample(article);
  });
}

/** Fill rates over the whole sample corpus: how many articles get each field at all. */
export function sampleFillRates(): { articles: number; filled: Record<Field, number> } {
  const corpus = readSampleCorpus();
  const filled = Object.fromEntries(FIELDS.map((field) => [field, 0])) as Record<Field, number>;
  for (const article of corpus) {
    const summary = summarizeSample(article);
    for (const field of FIELDS) if (summary[field].trim() !== "") filled[field]++;
  }
  return { articles: corpus.length, filled };
}

export function fieldTable(scores: readonly FieldScore[]): string {
  const cell = (value: number, width: number) => String(value).padStart(width);
  const rows = scores.map(
    (s) =>
      `| ${s.field.padEnd(5)} | ${s.precision.toFixed(2).padStart(9)} | ${s.recall.toFixed(2).padStart(6)} | ${cell(s.hits, 4)} | ${cell(s.wrong, 5)} | ${cell(s.falseAlarms, 12)} | ${cell(s.misses, 6)} |`,
  );
  return [
    "| field | precision | recall | hits | wrong | false alarms | misses |",
    "|-------|-----------|--------|------|-------|--------------|--------|",
    ...rows,
  ].join("\n");
}
