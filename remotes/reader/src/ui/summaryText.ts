// Spec §3: a summary field may arrive as a JSON string holding a `tldr` or `summary` key (how
// some generated summaries were stored) instead of the text itself. These helpers return the text
// to show, so no reader ever sees `{"tldr": …}`.
import type { Summary } from "@unbiased/worker-shared/contracts/articles";

const WRAPPER_KEYS = ["tldr", "summary"] as const;

/** The text of a summary field: unwrapped when it is such a JSON string, as it is otherwise. */
export function unwrapSummaryText(value: unknown): string {
  if (typeof value !== "string") return "";
  const parsed = parseJsonObject(value);
  if (parsed) {
    for (const key of WRAPPER_KEYS) {
      const inner = parsed[key];
      if (typeof inner === "string") return unwrapSummaryText(inner);
    }
  }
  return value.trim();
}

export const SUMMARY_QUESTIONS = [
  "who",
  "what",
  "when",
  "where",
  "why",
  "how",
] as const satisfies readonly (keyof Summary)[];
export type SummaryQuestion = (typeof SUMMARY_QUESTIONS)[number];

export interface SummaryAnswer {
  question: SummaryQuestion;
  answer: string;
}

/**
 * All six answers, who/what/when/where/why/how in that order, unwrapped; a question the article
 * does not answer keeps its place with an empty answer, which the page shows as not stated. The
 * summary itself is accepted as a JSON string too, for the same stored rows; none at all gives none.
 */
export function summaryAnswers(summary: Summary | string | null | undefined): SummaryAnswer[] {
  const fields = typeof summary === "string" ? parseJsonObject(summary) : summary;
  if (!fields) return [];
  return SUMMARY_QUESTIONS.map((question) => ({ question, answer: unwrapSummaryText(fields[question]) }));
}

/** A JSON object written as a string, or null for plain prose (which is never parsed). */
function parseJsonObject(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null; // prose that merely starts with a brace
  }
}
