// The learned sentence scorer's parts (features, the short summary's length budget, datelines) on
// sentences written for these tests.
import { describe, expect, it } from "vitest";
import { withoutDateline } from "../src/summarizer/dateline.ts";
import { FEATURES, type Feature, featureSentences } from "../src/summarizer/features.ts";
import { rankSentences, selectSummary } from "../src/summarizer/rank.ts";
import { SCORER_WEIGHTS } from "../src/summarizer/scorer-weights.ts";
import { splitSentences } from "../src/summarizer/sentences.ts";
import { chooseLead } from "../src/summarizer/tldr.ts";
import type { ScorerWeights } from "../src/summarizer/types.ts";

const featureOf = (values: readonly number[], feature: Feature) => values[FEATURES.indexOf(feature)];

describe("datelines", () => {
  it.each([
    ["LONDON (Reuters) - The central bank held rates.", "The central bank held rates."],
    ["Hong Kong (CNN) -- Ferries stopped running.", "Ferries stopped running."],
    ["(CNN)Ferries stopped running.", "Ferries stopped running."],
    ["WASHINGTON (AP) — The Senate voted.", "The Senate voted."],
    ["Baghdad, Iraq (CNN) Officials said the road reopened.", "Officials said the road reopened."],
  ])("strips %s", (text, expected) => {
    expect(withoutDateline(text)).toBe(expected);
  });

  it.each([
    "Tesla (TSLA) Chief Executive Elon Musk said the plant would reopen.",
    "The city (population 40,000) voted to close the bridge.",
    "Rotterdam dockworkers began a strike on Monday.",
  ])("keeps %s", (text) => {
    expect(withoutDateline(text)).toBe(text);
  });
});

describe("sentence features", () => {
  const text = [
    "The city council approved a new tram line through the harbour district on Monday.",
    '"We have waited ten years for this," said a resident of the district.',
    "The tram line will link the harbour district with the central station.",
    "Tickets will cost the same as on buses.",
  ].join(" ");
  const featured = featureSentences(splitSentences(text), "Council approves harbour tram line");

  it("ranks earlier sentences higher on position, and marks only the first as the opening", () => {
    const positions = featured.map((sentence) => featureOf(sentence.features, "position") ?? 0);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    expect(featured.map((sentence) => featureOf(sentence.features, "opening"))).toEqual([1, 0, 0, 0]);
  });

  it("marks a sentence that opens with a quotation", () => {
    expect(featured.map((sentence) => featureOf(sentence.features, "quotation"))).toEqual([0, 1, 0, 0]);
  });

  it("measures the share of the headline's words a sentence repeats", () => {
    const headline = featured.map((sentence) => featureOf(sentence.features, "headline") ?? 0);
    // "council", "approv", "harbour", "tram", "line" all in the first; none in the ticket sentence.
    expect(headline[0]).toBe(1);
    expect(headline[3]).toBe(0);
  });

  it("scales centrality and topicality to the most central sentence", () => {
    for (const feature of ["centrality", "topicality"] as const) {
      const values = featured.map((sentence) => featureOf(sentence.features, feature) ?? 0);
      expect(Math.max(...values)).toBe(1);
      // The ticket sentence shares no word with the others.
      expect(values[3]).toBeCloseTo(0, 9);
    }
  });
});

describe("the short summary's budget", () => {
  const sentence = (words: number, topic: string) =>
    // Capitalised, so each starts a new sentence; words of its own, so none repeats another.
    `${Array.from({ length: words - 1 }, (_, i) => `${topic}${i}`).join(" ")} end.`.replace(/^\p{Ll}/u, (c) =>
      c.toUpperCase(),
    );
  const weights = (summaryWords: number, summarySentences = 4): ScorerWeights => ({
    ...SCORER_WEIGHTS,
    // Position alone: the sentences are picked first to last.
    features: Object.fromEntries(FEATURES.map((feature) => [feature, feature === "position" ? 1 : 0])) as Record<
      Feature,
      number
    >,
    summaryWords,
    summarySentences,
  });
  const text = [sentence(20, "alpha"), sentence(30, "beta"), sentence(10, "gamma"), sentence(10, "delta")].join(" ");
  const ranked = rankSentences(splitSentences(text), "", weights(75));
  const lengths = (picked: { wordCount: number }[]) => picked.map((s) => s.wordCount);

  it("takes the best sentences while they fit", () => {
    expect(lengths(selectSummary(ranked, weights(70)))).toEqual([20, 30, 10, 10]);
    expect(lengths(selectSummary(ranked, weights(65)))).toEqual([20, 30, 10]);
  });

  it("ends before the first sentence that does not fit, rather than reaching past it", () => {
    // 20 + 30 > 45: the summary ends at the first sentence, though the 10-word ones would fit.
    expect(lengths(selectSummary(ranked, weights(45)))).toEqual([20]);
  });

  it("always takes the best sentence, even when it alone is over the budget", () => {
    expect(lengths(selectSummary(ranked, weights(10)))).toEqual([20]);
  });

  it("holds at most summarySentences sentences", () => {
    expect(lengths(selectSummary(ranked, weights(500, 2)))).toEqual([20, 30]);
  });

  it("skips a sentence that repeats one already taken", () => {
    const repeated = [sentence(20, "alpha"), sentence(20, "alpha"), sentence(10, "gamma")].join(" ");
    const picked = selectSummary(rankSentences(splitSentences(repeated), "", weights(75)), weights(75));
    expect(picked.map((s) => s.index)).toEqual([0, 2]);
  });
});

describe("the TL;DR's lead", () => {
  const text = [
    '"Nobody expected this," a neighbour said.',
    "The old mill on the river burned down overnight after a fire started in its roof.",
    "Firefighters from three towns fought the fire on the mill until morning.",
  ].join(" ");

  it("is the first opening sentence that states the news, however the summary's weights rank them", () => {
    // Weights that favour later sentences: the third outranks the second.
    const backwards: ScorerWeights = {
      ...SCORER_WEIGHTS,
      features: Object.fromEntries(FEATURES.map((feature) => [feature, feature === "position" ? -1 : 0])) as Record<
        Feature,
        number
      >,
    };
    const ranked = rankSentences(splitSentences(text), "", backwards);
    expect(ranked[2]?.score).toBeGreaterThan(ranked[1]?.score ?? 0);
    // The quotation opening the story is passed over.
    expect(chooseLead(ranked).index).toBe(1);
  });
});
