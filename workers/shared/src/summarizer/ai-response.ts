// Reads a Workers AI text model's answer into a summary, or says why it cannot. Models in JSON mode
// return the object itself; without it (or when they ignore it) a string, sometimes wrapped in a
// markdown fence or in a sentence of prose.
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import { SummarySchema } from "../contracts/articles.schema.ts";
import type { Summary } from "../contracts/articles.ts";

/** Placeholders models write where the article is silent; the contract wants an empty string there. */
const NOT_STATED = /^(?:n\/?a|none|unknown|not (?:stated|specified|mentioned|available|given)|unspecified|-+)\.?$/iu;

const AiSummarySchema = z.object({
  tldr: z.string().trim().min(1),
  shortSummary: z.string().trim().min(1),
  detailedSummary: z.string().trim().min(1),
  summary: SummarySchema,
});
export type AiSummary = z.infer<typeof AiSummarySchema>;

export type ParsedResponse = { ok: true; summary: AiSummary } | { ok: false; reason: string };

export function parseSummaryResponse(output: unknown): ParsedResponse {
  const answer = isObject(output) && "response" in output ? output.response : output;
  const json = typeof answer === "string" ? extractJson(answer) : answer;
  if (json === undefined) return { ok: false, reason: "the response holds no JSON object" };
  const parsed = AiSummarySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `invalid summary: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "unknown problem"}`,
    };
  }
  return { ok: true, summary: { ...parsed.data, summary: withoutPlaceholders(parsed.data.summary) } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The JSON object in a model's text: the whole text, a fenced block, or the outermost braces. */
function extractJson(text: string): unknown {
  const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/iu)?.[1];
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  const candidates = [text, fenced, start !== -1 && end > start ? text.slice(start, end + 1) : undefined];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // Not this form; try the next.
    }
  }
  return undefined;
}

function withoutPlaceholders(summary: Summary): Summary {
  const clean = (value: string) => (NOT_STATED.test(value.trim()) ? "" : value.trim());
  return {
    who: clean(summary.who),
    what: clean(summary.what),
    when: clean(summary.when),
    where: clean(summary.where),
    why: clean(summary.why),
    how: clean(summary.how),
  };
}
