// The offline summarizer on short articles written for these tests (no real publication's text).
import { describe, expect, it } from "vitest";
import { SCORER_WEIGHTS, summarize, TLDR_MAX_WORDS } from "../src/summarizer/index.ts";
import { findRelativeDates } from "../src/summarizer/relative-dates.ts";

/** 22 November 2026, 09:00 UTC, a Sunday. */
const PUBLISHED_AT = Date.UTC(2026, 10, 22, 9) / 1000;

const FERRY = {
  title: "Toronto island ferry service suspended after engine fault",
  body: [
    "The city of Toronto suspended its island ferry service yesterday because an engine fault was found on the largest vessel in the fleet, leaving hundreds of commuters to find other routes.",
    "Officials at Toronto Harbour Services said the vessel would stay in dry dock for at least two weeks while inspectors check the remaining boats.",
    "Harbour Services will keep a reduced service running by chartering two smaller water taxis from a private operator.",
    '"We would rather lose a few days than take any risk with passengers," said Miriam Okonjo, the director of Toronto Harbour Services.',
    "Commuters crowded the taxi stands on Queens Quay during the morning rush.",
    "Okonjo said a full timetable should return by early December.",
  ].join("\n\n"),
  publishedAt: PUBLISHED_AT,
};

const LIBRARY = {
  title: "Library reading room reopens with longer hours",
  body: [
    "The reading room of the central library in Lyon reopened to visitors this morning with longer opening hours on weekdays.",
    "Visitors can now use the room from eight in the morning until nine in the evening.",
    "The room has 120 seats and a quiet section for students.",
    "Staff said the first visitors arrived before the doors opened.",
  ].join("\n"),
  publishedAt: PUBLISHED_AT,
};

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("summarize", () => {
  it("returns every field as a string", () => {
    const result = summarize(FERRY);
    for (const field of [result.tldr, result.shortSummary, result.detailedSummary])
      expect(field).toEqual(expect.any(String));
    expect(Object.keys(result.summary).sort()).toEqual(["how", "what", "when", "where", "who", "why"]);
    for (const value of Object.values(result.summary)) expect(value).toEqual(expect.any(String));
  });

  it("gives a one-sentence TL;DR within the word limit", () => {
    const { tldr } = summarize(FERRY);
    expect(wordCount(tldr)).toBeLessThanOrEqual(TLDR_MAX_WORDS);
    expect(tldr).toMatch(/[.…]$/u);
    expect(tldr.slice(0, -1)).not.toMatch(/[.!?]\s+\p{Lu}/u);
    expect(tldr).toMatch(/^The city of Toronto suspended its island ferry service yesterday/);
  });

  it("cuts a long lead at a clause boundary", () => {
    const lead =
      "Engineers in the port city of Gdańsk opened a new lifting bridge over the Motława river on Friday after three years of construction work, which was delayed twice by supply problems and by a dispute over the design of the bridge deck.";
    const { tldr } = summarize({ title: "New bridge opens in Gdańsk", body: lead, publishedAt: PUBLISHED_AT });
    expect(wordCount(tldr)).toBeLessThanOrEqual(TLDR_MAX_WORDS);
    expect(tldr).toBe(
      "Engineers in the port city of Gdańsk opened a new lifting bridge over the Motława river on Friday after three years of construction work.",
    );
  });

  it("resolves 'yesterday' against the publication date", () => {
    expect(summarize(FERRY).summary.when).toBe("21 November 2026");
  });

  it("finds the city as where, and the people and organisations as who", () => {
    const { summary, places } = summarize(FERRY);
    expect(summary.where).toBe("Toronto");
    expect(places[0]).toBe("Toronto");
    expect(summary.who).toContain("Toronto Harbour Services");
    expect(summary.who).toContain("Miriam Okonjo");
  });

  it("states the lead event as what, within 25 words", () => {
    const { what } = summarize(FERRY).summary;
    expect(what).toBe("The city of Toronto suspended its island ferry service yesterday");
    expect(wordCount(what)).toBeLessThanOrEqual(25);
  });

  it("finds why and how when the text states them", () => {
    const { why, how } = summarize(FERRY).summary;
    expect(why).toBe("Because an engine fault was found on the largest vessel in the fleet");
    expect(how).toBe("By chartering two smaller water taxis from a private operator");
  });

  it("leaves why and how empty when the text does not state them", () => {
    const { why, how, when } = summarize(LIBRARY).summary;
    expect(why).toBe("");
    expect(how).toBe("");
    expect(when).toBe("the morning of 22 November 2026");
  });

  it("fills the short summary within its word budget and picks five or six for the detailed one, in article order", () => {
    const { shortSummary, detailedSummary } = summarize(FERRY);
    const sentences = FERRY.body.split("\n\n");
    const picked = sentences.filter((sentence) => shortSummary.includes(sentence));
    expect(picked.length).toBeGreaterThanOrEqual(2);
    expect(picked.length).toBeLessThanOrEqual(SCORER_WEIGHTS.summarySentences);
    expect(wordCount(shortSummary)).toBeLessThanOrEqual(SCORER_WEIGHTS.summaryWords);
    expect(shortSummary).toBe(picked.join(" "));
    const detailed = sentences.filter((sentence) => detailedSummary.includes(sentence));
    expect(detailed.length).toBeGreaterThanOrEqual(5);
    expect(detailedSummary).toBe(detailed.join(" "));
  });

  it("is deterministic", () => {
    expect(summarize(FERRY)).toEqual(summarize(FERRY));
    expect(summarize(LIBRARY)).toEqual(summarize(LIBRARY));
  });

  it("falls back to the headline when there is no body", () => {
    const result = summarize({ title: "Storm closes mountain pass", body: "  ", publishedAt: PUBLISHED_AT });
    expect(result.tldr).toBe("Storm closes mountain pass.");
    expect(result.shortSummary).toBe("Storm closes mountain pass");
  });
});

describe("relative dates", () => {
  const resolve = (sentence: string) => findRelativeDates(sentence, PUBLISHED_AT).map((date) => date.resolved);

  it.each([
    ["The vote took place today.", "22 November 2026"],
    ["Talks collapsed late last night.", "late on the night of 21 November 2026"],
    ["The plan was announced earlier this year.", "earlier in 2026"],
    ["Prices rose last month.", "October 2026"],
    ["The council met this week.", "the week of 16 November 2026"],
    ["Work starts early next year.", "early in 2027"],
    ["The bridge closed three days ago.", "19 November 2026"],
  ])("%s → %s", (sentence, expected) => {
    expect(resolve(sentence)).toEqual([expected]);
  });

  it("keeps written dates as written", () => {
    const { when } = summarize({
      title: "Rail link planned",
      body: "The regional government said the new rail link would open by March 2027, after a decade of planning.",
      publishedAt: PUBLISHED_AT,
    }).summary;
    expect(when).toBe("by March 2027");
  });
});
