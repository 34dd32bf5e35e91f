// The Workers AI summarizer against recorded model responses (fixtures/workers-ai), through a fake
// AI binding: no network. Fixture texts are written for these tests.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import {
  buildSummaryMessages,
  MAX_ARTICLE_CHARS,
  SUMMARY_JSON_SCHEMA,
  truncateArticle,
} from "../src/summarizer/ai-prompt.ts";
import { parseSummaryResponse } from "../src/summarizer/ai-response.ts";
import { createWorkersAiSummarizer, offlineSummarizer, type Summarizer } from "../src/summarizer/provider.ts";
import { TLDR_MAX_WORDS } from "../src/summarizer/tldr.ts";

const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/workers-ai/${name}.json`, import.meta.url), "utf8"));

const ARTICLE = {
  title: "Lisbon to add twelve trams to its busiest route",
  body: [
    "Lisbon's tram operator will add twelve low-floor trams to route 28 from March 2027, after the city council approved the purchase yesterday by nine votes to two.",
    "The new trams are shorter than standard models so they can take the route's tight curves through Alfama and Graça.",
    "Officials said waiting times at peak hours should fall by a third.",
  ].join("\n\n"),
  /** 22 November 2026, 09:00 UTC. */
  publishedAt: Date.UTC(2026, 10, 22, 9) / 1000,
};

/** A stand-in for the AI binding that answers every run() with `answer` (or throws it). */
function fakeAi(answer: unknown | Error) {
  const run = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { ai: { run } as unknown as Ai, run };
}

/** A fallback whose answer is recognisable, so a test can tell which summarizer answered. */
const markedFallback: Summarizer = {
  name: "fallback",
  summarize: async (input) => ({ ...(await offlineSummarizer.summarize(input)), tldr: "FALLBACK." }),
};

async function summarizeWith(answer: unknown | Error) {
  const { ai, run } = fakeAi(answer);
  const reasons: string[] = [];
  const summarizer = createWorkersAiSummarizer(ai, {
    fallback: markedFallback,
    onFallback: (reason) => reasons.push(reason),
  });
  const result = await summarizer.summarize(ARTICLE);
  return { result, reasons, run };
}

describe("Workers AI prompt", () => {
  it("sends the rules, the title, the publication date and the article", () => {
    const [system, user] = buildSummaryMessages(ARTICLE);
    expect(system?.role).toBe("system");
    expect(system?.content).toContain(`at most ${TLDR_MAX_WORDS} words`);
    expect(system?.content).toContain('empty string ""');
    expect(user?.content).toContain("Title: Lisbon to add twelve trams to its busiest route");
    expect(user?.content).toContain("Published: 22 November 2026");
    expect(user?.content).toContain("route 28 from March 2027");
  });

  it("asks for JSON that follows the summary schema, deterministically", async () => {
    const { run } = await summarizeWith(recorded("json-mode-object"));
    const [model, inputs] = run.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(model).toMatch(/^@cf\/meta\/llama-3\.1-8b-instruct/);
    expect(inputs.response_format).toEqual({ type: "json_schema", json_schema: SUMMARY_JSON_SCHEMA });
    expect(inputs.temperature).toBe(0);
    expect(SUMMARY_JSON_SCHEMA.properties.summary.required).toEqual(["who", "what", "when", "where", "why", "how"]);
  });

  it("cuts a long article at a paragraph boundary", () => {
    const paragraph = "A sentence about the tram route that goes on for a while. ".repeat(20).trim();
    const long = Array.from({ length: 30 }, () => paragraph).join("\n");
    const cut = truncateArticle(long);
    expect(cut.length).toBeLessThanOrEqual(MAX_ARTICLE_CHARS);
    expect(long.startsWith(cut)).toBe(true);
    expect(cut.endsWith(".")).toBe(true);
  });
});

describe("Workers AI responses", () => {
  it.each(["json-mode-object", "json-string", "markdown-fence"])("reads a valid answer (%s)", async (fixture) => {
    const { result, reasons } = await summarizeWith(recorded(fixture));
    expect(reasons).toEqual([]);
    expect(result.tldr).toBe(
      "Lisbon's tram operator will add twelve low-floor trams to route 28 from March 2027 to cut waiting times.",
    );
    expect(result.summary).toEqual({
      who: "Lisbon's tram operator, Lisbon city council",
      what: "Twelve low-floor trams will be added to route 28",
      when: "From March 2027",
      where: "Lisbon, Portugal",
      why: "To cut waiting times at peak hours",
      how: "By buying shorter trams that fit the route's tight curves",
    });
    expect(result.places).toEqual(["Lisbon, Portugal"]);
  });

  it.each([
    ["missing-fields", /detailedSummary/],
    ["wrong-types", /tldr/],
    ["truncated", /no JSON object/],
  ])("falls back on an invalid answer (%s)", async (fixture, reason) => {
    const { result, reasons } = await summarizeWith(recorded(fixture));
    expect(result.tldr).toBe("FALLBACK.");
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(reason);
  });

  it("falls back when the model call fails", async () => {
    const { result, reasons } = await summarizeWith(new Error("3040: Capacity temporarily exceeded"));
    expect(result.tldr).toBe("FALLBACK.");
    expect(reasons).toEqual(["model call failed: 3040: Capacity temporarily exceeded"]);
  });

  it("falls back to the offline summarizer by default", async () => {
    const { ai } = fakeAi(new Error("network down"));
    const result = await createWorkersAiSummarizer(ai).summarize(ARTICLE);
    expect(result).toEqual(await offlineSummarizer.summarize(ARTICLE));
  });

  it("turns placeholders for missing answers into empty strings", async () => {
    const { result } = await summarizeWith(recorded("placeholders"));
    expect(result.summary.why).toBe("");
    expect(result.summary.how).toBe("");
    expect(result.summary.who).not.toBe("");
  });

  it("holds an overlong TL;DR to one sentence within the word limit", async () => {
    const { result } = await summarizeWith(recorded("long-tldr"));
    expect(result.tldr.split(/\s+/).length).toBeLessThanOrEqual(TLDR_MAX_WORDS);
    expect(result.tldr).toMatch(/…$/u);
    expect(result.tldr).not.toContain("The council approved it");
  });

  it("rejects an answer that is not an object", () => {
    expect(parseSummaryResponse({ response: "I cannot summarize this article." })).toEqual({
      ok: false,
      reason: "the response holds no JSON object",
    });
    expect(parseSummaryResponse(null).ok).toBe(false);
  });
});
