// The summarizer the pipeline calls: the offline one by default, a Workers AI text model when an AI
// binding is configured. The model's answer is validated; on any error, timeout or invalid answer
// the offline summarizer answers instead, so an article is never left without a summary.
import { buildSummaryMessages, SUMMARY_JSON_SCHEMA } from "./ai-prompt.ts";
import { type AiSummary, parseSummaryResponse } from "./ai-response.ts";
import { closeQuotes, cutToWords } from "./clauses.ts";
import { summarize } from "./summarize.ts";
import { TLDR_MAX_WORDS } from "./tldr.ts";
import type { SummarizeInput, SummarizeResult } from "./types.ts";
import { countWords } from "./words.ts";

export type SummaryResult = SummarizeResult;

export interface Summarizer {
  name: string;
  summarize(input: SummarizeInput): Promise<SummaryResult>;
}

export const offlineSummarizer: Summarizer = {
  name: "offline",
  summarize: async (input) => summarize(input),
};

/** Text-generation models the binding knows (the JSON-mode ones accept `response_format`). */
export type TextGenerationModel = {
  [Name in keyof AiModels]: AiModels[Name] extends BaseAiTextGeneration ? Name : never;
}[keyof AiModels];

export interface WorkersAiSummarizerOptions {
  model?: TextGenerationModel;
  /** Answers when the model fails; the offline summarizer unless given. */
  fallback?: Summarizer;
  timeoutMs?: number;
  /** Told why the fallback answered (for logs and metrics). */
  onFallback?: (reason: string) => void;
}

export const DEFAULT_AI_MODEL: TextGenerationModel = "@cf/meta/llama-3.1-8b-instruct-fp8";
const DEFAULT_TIMEOUT_MS = 20_000;
/** Room for three summaries of a few hundred words. */
const MAX_OUTPUT_TOKENS = 1024;

export function createWorkersAiSummarizer(ai: Ai, options: WorkersAiSummarizerOptions = {}): Summarizer {
  const model = options.model ?? DEFAULT_AI_MODEL;
  const fallback = options.fallback ?? offlineSummarizer;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name: `workers-ai:${model}`,
    async summarize(input) {
      try {
        const output = await ai.run(
          model,
          {
            messages: buildSummaryMessages(input),
            response_format: { type: "json_schema", json_schema: SUMMARY_JSON_SCHEMA },
            max_tokens: MAX_OUTPUT_TOKENS,
            // Summaries should be the same on a retry, not creative.
            temperature: 0,
          },
          { signal: AbortSignal.timeout(timeoutMs) },
        );
        const parsed = parseSummaryResponse(output);
        if (parsed.ok) return toResult(parsed.summary);
        options.onFallback?.(parsed.reason);
      } catch (error) {
        options.onFallback?.(`model call failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return fallback.summarize(input);
    },
  };
}

/** The model's summary in the result shape, its TL;DR held to one sentence within the word limit. */
function toResult(answer: AiSummary): SummaryResult {
  return {
    tldr: oneSentenceTldr(answer.tldr),
    shortSummary: answer.shortSummary,
    detailedSummary: answer.detailedSummary,
    summary: answer.summary,
    places: answer.summary.where ? [answer.summary.where] : [],
  };
}

function oneSentenceTldr(text: string): string {
  const first = text.trim().match(/^.*?[.!?](?=\s+["“‘]?\p{Lu}|$)/u)?.[0] ?? text.trim();
  if (countWords(first) <= TLDR_MAX_WORDS) return /[.!?…]["”’]?$/u.test(first) ? first : `${first}.`;
  return `${closeQuotes(cutToWords(first, TLDR_MAX_WORDS))}…`;
}
