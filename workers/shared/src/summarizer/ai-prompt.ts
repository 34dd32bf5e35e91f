// The prompt and JSON schema the Workers AI summarizer sends: one system message with the rules,
// one user message with the article, and a schema the model's JSON mode must follow.
import { formatDay, fromEpochSeconds } from "./calendar.ts";
import { TLDR_MAX_WORDS } from "./tldr.ts";
import type { SummarizeInput } from "./types.ts";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/**
 * Longer articles are cut at a paragraph boundary before this many characters: an 8B model's context
 * is shared with the answer, and the news is in the opening paragraphs anyway.
 */
export const MAX_ARTICLE_CHARS = 12_000;

const SIX_QUESTIONS = ["who", "what", "when", "where", "why", "how"] as const;

export const SUMMARY_JSON_SCHEMA = {
  type: "object",
  properties: {
    tldr: { type: "string" },
    shortSummary: { type: "string" },
    detailedSummary: { type: "string" },
    summary: {
      type: "object",
      properties: Object.fromEntries(SIX_QUESTIONS.map((key) => [key, { type: "string" }])),
      required: [...SIX_QUESTIONS],
    },
  },
  required: ["tldr", "shortSummary", "detailedSummary", "summary"],
} as const;

const SYSTEM_PROMPT = [
  "You summarize news articles for a neutral news site. Use only facts stated in the article; add no opinion, no speculation and no facts from elsewhere.",
  "Answer with one JSON object and nothing else, with these fields:",
  `- "tldr": one sentence of at most ${TLDR_MAX_WORDS} words stating the main news.`,
  '- "shortSummary": two or three sentences with the key facts.',
  '- "detailedSummary": four to six sentences covering the facts, the people involved and what happens next.',
  '- "summary": an object with "who", "what", "when", "where", "why" and "how", each a short phrase from the article.',
  'Write dates as calendar dates: resolve "yesterday" or "last week" against the publication date given.',
  'When the article does not say, the field is an empty string "". Never write "unknown" or "not stated".',
].join("\n");

export function buildSummaryMessages(input: SummarizeInput): ChatMessage[] {
  const published = formatDay(fromEpochSeconds(input.publishedAt));
  return [
    { role: "system", content: SYSTEM_PROMPT },
    {
      role: "user",
      content: `Title: ${input.title.trim()}\nPublished: ${published}\n\nArticle:\n${truncateArticle(input.body.trim())}`,
    },
  ];
}

/** The article cut at the last paragraph break (else sentence end) before MAX_ARTICLE_CHARS. */
export function truncateArticle(body: string): string {
  if (body.length <= MAX_ARTICLE_CHARS) return body;
  const head = body.slice(0, MAX_ARTICLE_CHARS);
  const paragraph = head.lastIndexOf("\n");
  if (paragraph > MAX_ARTICLE_CHARS / 2) return head.slice(0, paragraph).trim();
  const sentence = Math.max(head.lastIndexOf(". "), head.lastIndexOf(".\n"));
  return sentence > 0 ? head.slice(0, sentence + 1) : head;
}
