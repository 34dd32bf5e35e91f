// An article's summaries, from its stored text or a fresh page, the one way ingestion, the catch-up job
// (summaries.refresh) and a staff regeneration write them: the summarizer's fields, stored with the
// summary object as JSON and the summarizer's version (so the catch-up knows what is current).
import type { RegeneratedFields } from "@unbiased/worker-shared/contracts/ingest";
import type { Summarizer } from "@unbiased/worker-shared/summarizer/provider";
import { SUMMARIZER_VERSION } from "@unbiased/worker-shared/summarizer/version";

export type SummaryFields = RegeneratedFields["summary"];

/** The article summarized again from its stored title, text and time (the title alone when no text was kept). */
export async function summarizeStored(
  summarizer: Summarizer,
  article: { title: string; body: string; sourcedTime: number },
): Promise<SummaryFields> {
  const result = await summarizer.summarize({
    title: article.title,
    body: article.body || article.title,
    publishedAt: article.sourcedTime,
  });
  return {
    tldr: result.tldr,
    shortSummary: result.shortSummary,
    summary: result.summary,
    detailedSummary: result.detailedSummary,
  };
}

/** The columns the summaries are stored in. */
export const summaryColumns = (fields: SummaryFields) => ({
  tldr: fields.tldr,
  shortSummary: fields.shortSummary,
  summary: JSON.stringify(fields.summary),
  detailedSummary: fields.detailedSummary,
  summarizerVersion: SUMMARIZER_VERSION,
});
