// The summary evaluation's scoring (tests/eval) on tiny texts written for these tests.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readEvalSet } from "../../../tests/eval/dataset.ts";
import { lead3 } from "../../../tests/eval/lead3.ts";
import { meanScores, rougeTokens, scoreSummary } from "../../../tests/eval/rouge.ts";

describe("ROUGE tokens", () => {
  it("lower-cases, keeps letters and digits only and Porter-stems longer words", () => {
    expect(rougeTokens("The ferries' engines were RE-CHECKED, at 10:30!")).toEqual([
      "the",
      "ferri",
      "engin",
      "were",
      "re",
      "check",
      "at",
      "10",
      "30",
    ]);
  });

  it("leaves words of three letters or fewer unstemmed", () => {
    expect(rougeTokens("was has its")).toEqual(["was", "has", "its"]);
  });
});

describe("ROUGE scores", () => {
  it("scores a perfect match 100", () => {
    expect(scoreSummary("The council approved the plan.", "the council approved the plan")).toEqual({
      rouge1: 100,
      rouge2: 100,
      rougeL: 100,
    });
  });

  it("matches stems, not spellings", () => {
    expect(scoreSummary("Councils approving plans", "council approves plan").rouge1).toBe(100);
  });

  it("scores partial overlap as F1", () => {
    // 3 of 4 candidate words in a 6-word reference: P = 3/4, R = 3/6, F1 = 0.6.
    expect(scoreSummary("the cat sat down", "the cat sat on the mat").rouge1).toBeCloseTo(60, 5);
    // Bigrams: "the cat", "cat sat" shared; P = 2/3, R = 2/5, F1 = 0.5.
    expect(scoreSummary("the cat sat down", "the cat sat on the mat").rouge2).toBeCloseTo(50, 5);
  });

  it("scores an empty candidate 0 instead of failing", () => {
    expect(scoreSummary("", "the council approved the plan")).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0 });
  });

  it("averages per document", () => {
    const mean = meanScores([
      { rouge1: 100, rouge2: 50, rougeL: 80 },
      { rouge1: 0, rouge2: 10, rougeL: 20 },
    ]);
    expect(mean).toEqual({ rouge1: 50, rouge2: 30, rougeL: 50 });
  });
});

describe("LEAD-3", () => {
  it("takes the first three sentences across paragraphs", () => {
    const article =
      "The bridge opened on Friday. It took three years to build.\n\nTraffic was light. Officials were pleased. A ceremony followed.";
    expect(lead3(article)).toBe("The bridge opened on Friday. It took three years to build. Traffic was light.");
  });

  it("does not split after abbreviations", () => {
    expect(lead3("Mr. Smith met Dr. Jones in the U.S. capital. They spoke. They left. They returned.")).toBe(
      "Mr. Smith met Dr. Jones in the U.S. capital. They spoke. They left.",
    );
  });

  it("keeps a shorter article whole", () => {
    expect(lead3("Only one sentence here.")).toBe("Only one sentence here.");
  });
});

describe("evaluation sets", () => {
  it("reads JSON Lines rows and names a bad row", () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-"));
    const good = join(dir, "good.jsonl");
    writeFileSync(
      good,
      `${JSON.stringify({ article: "A. B.", reference: "A." })}\n\n${JSON.stringify({ article: "C.", reference: "C.", title: "T" })}\n`,
    );
    expect(readEvalSet(good)).toEqual([
      { article: "A. B.", reference: "A." },
      { article: "C.", reference: "C.", title: "T" },
    ]);
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, `${JSON.stringify({ article: "A." })}\n`);
    expect(() => readEvalSet(bad)).toThrow(/bad\.jsonl:1: /);
  });
});
