import { describe, expect, it } from "vitest";
import { summaryAnswers, unwrapSummaryText } from "./summaryText.ts";

describe("unwrapSummaryText (spec §3)", () => {
  it("returns plain text as it is, trimmed", () => {
    expect(unwrapSummaryText("  Seville opens 74 climate shelters. ")).toBe("Seville opens 74 climate shelters.");
  });

  it("unwraps a JSON string holding a tldr key", () => {
    expect(unwrapSummaryText('{"tldr": "Seville opens 74 climate shelters."}')).toBe(
      "Seville opens 74 climate shelters.",
    );
  });

  it("unwraps a JSON string holding a summary key", () => {
    expect(unwrapSummaryText('{"summary": "Libraries stay open until 10 pm.", "model": "x"}')).toBe(
      "Libraries stay open until 10 pm.",
    );
  });

  it("unwraps a wrapper nested in a wrapper", () => {
    expect(unwrapSummaryText(JSON.stringify({ tldr: JSON.stringify({ summary: "Inner text" }) }))).toBe("Inner text");
  });

  it("leaves prose that only looks like JSON, and JSON without those keys, untouched", () => {
    expect(unwrapSummaryText("{draft} The council voted.")).toBe("{draft} The council voted.");
    expect(unwrapSummaryText('{"other": "x"}')).toBe('{"other": "x"}');
  });

  it("gives an empty string for a missing field", () => {
    expect(unwrapSummaryText(undefined)).toBe("");
    expect(unwrapSummaryText(null)).toBe("");
  });
});

describe("summaryAnswers", () => {
  const summary = {
    who: "Seville city council",
    what: '{"tldr": "74 climate shelters"}',
    when: "",
    where: "Seville, Spain",
    why: "  ",
    how: "Libraries open late",
  };

  it("lists all six answers in who/what/when/where/why/how order, unwrapped, the empty ones empty", () => {
    expect(summaryAnswers(summary)).toEqual([
      { question: "who", answer: "Seville city council" },
      { question: "what", answer: "74 climate shelters" },
      { question: "when", answer: "" },
      { question: "where", answer: "Seville, Spain" },
      { question: "why", answer: "" },
      { question: "how", answer: "Libraries open late" },
    ]);
  });

  it("accepts the whole summary as a JSON string, a missing field as an empty answer", () => {
    expect(summaryAnswers(JSON.stringify({ who: "The council", what: "A vote" }))).toEqual([
      { question: "who", answer: "The council" },
      { question: "what", answer: "A vote" },
      { question: "when", answer: "" },
      { question: "where", answer: "" },
      { question: "why", answer: "" },
      { question: "how", answer: "" },
    ]);
  });

  it("gives nothing for a missing or unreadable summary", () => {
    expect(summaryAnswers(null)).toEqual([]);
    expect(summaryAnswers("Just prose")).toEqual([]);
  });
});
