// The summary evaluation's scoring (tests/eval) on tiny texts written for these tests.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crossValidate } from "../../../tests/eval/cross-validate.ts";
import { readEvalSet } from "../../../tests/eval/dataset.ts";
import { SAMPLE_FIELD_SPANS } from "../../../tests/eval/field-labels.ts";
import { FIELDS, scoreFields } from "../../../tests/eval/fields.ts";
import { parseFileArg } from "../../../tests/eval/file-args.ts";
import { fitBagged, fitWeights, objective } from "../../../tests/eval/fit.ts";
import { pairedGain } from "../../../tests/eval/held-out.ts";
import { lead3 } from "../../../tests/eval/lead3.ts";
import { meanScores, rougeTokens, scoreSummary } from "../../../tests/eval/rouge.ts";
import { prepareReference, rouge12 } from "../../../tests/eval/rouge-n.ts";
import { readSampleCorpus } from "../../../tests/eval/sample-corpus.ts";
import { overlap, overlapsAnySpan } from "../../../tests/eval/span-match.ts";
import { readTrainingRows, scoreRow } from "../../../tests/eval/training-set.ts";
import { FEATURES, type Feature } from "../src/summarizer/features.ts";
import { SCORER_WEIGHTS } from "../src/summarizer/scorer-weights.ts";

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

describe("fast ROUGE-1 and ROUGE-2 for training", () => {
  it.each([
    ["the cat sat down", "the cat sat on the mat"],
    ["Councils approving plans. The council met.", "council approves plan; the council met on Monday"],
    ["A b c d e f", "x y z"],
    ["The ferry ran. The ferry ran again.", "the ferry ran"],
  ])("scores %j as js-rouge does", (candidate, reference) => {
    const fast = rouge12(candidate, prepareReference(reference));
    const full = scoreSummary(candidate, reference);
    expect(fast.rouge1).toBeCloseTo(full.rouge1, 9);
    expect(fast.rouge2).toBeCloseTo(full.rouge2, 9);
  });
});

describe("cross-validation", () => {
  it("applies each fold's weights only to rows they were not fit on, and to every row once", () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({ index, fold: index % 4 }));
    const fitOn = new Map<number, Set<number>>();
    const results = crossValidate(
      rows,
      4,
      (training, fold) => {
        fitOn.set(fold, new Set(training.map((row) => row.index)));
        return fold;
      },
      (row, fold) => ({ row: row.index, fold, sawIt: fitOn.get(fold)?.has(row.index) }),
    );
    expect([...results.values()].map((result) => result.row).sort((a, b) => a - b)).toEqual(rows.map((r) => r.index));
    for (const result of results.values()) expect(result.sawIt).toBe(false);
    // Each fit saw the other three folds: 9 of the 12 rows.
    for (const seen of fitOn.values()) expect(seen.size).toBe(9);
  });
});

describe("training rows and the objective", () => {
  const dir = mkdtempSync(join(tmpdir(), "train-"));
  const line = (article: string, reference: string, title?: string) => JSON.stringify({ article, reference, title });
  const primary = join(dir, "primary.jsonl");
  const guard = join(dir, "guard.jsonl");
  const story = [
    "The bridge over the river opened on Friday after three years.",
    "Traffic on the new bridge was light during the first morning.",
    "Local shop owners said they expected more customers next month.",
  ].join(" ");
  writeFileSync(
    primary,
    Array.from({ length: 10 }, () => line(story, "The river bridge opened on Friday.")).join("\n"),
  );
  writeFileSync(
    guard,
    Array.from({ length: 5 }, () => line(story, "Officials were pleased.", "Bridge opens")).join("\n"),
  );
  const rows = readTrainingRows([primary, guard], 5);

  it("deals each file's rows out over the folds in turn", () => {
    const perFold = (file: number) =>
      [0, 1, 2, 3, 4].map((fold) => rows.filter((row) => row.file === file && row.fold === fold).length);
    expect(perFold(0)).toEqual([2, 2, 2, 2, 2]);
    expect(perFold(1)).toEqual([1, 1, 1, 1, 1]);
  });

  it("maximises the first file's ROUGE-1 + ROUGE-2 and charges a guard's shortfall", () => {
    const primaryScores = scoreRow(rows[0] as (typeof rows)[number], SCORER_WEIGHTS);
    const guardRouge1 = scoreRow(rows[10] as (typeof rows)[number], SCORER_WEIGHTS).rouge1;
    const unguarded = objective(rows, SCORER_WEIGHTS, []);
    expect(unguarded).toBeCloseTo(primaryScores.rouge1 + primaryScores.rouge2, 9);
    // A floor the guard already clears (with the half point of slack) costs nothing…
    expect(objective(rows, SCORER_WEIGHTS, [{ file: 1, minRouge1: guardRouge1 - 1 }])).toBeCloseTo(unguarded, 9);
    // …one it misses by 2.5 points (2 + the slack) costs 10 per point.
    expect(objective(rows, SCORER_WEIGHTS, [{ file: 1, minRouge1: guardRouge1 + 2 }])).toBeCloseTo(unguarded - 25, 9);
  });

  // A poor start: the opening sentence, the one the reference restates, ranks last and is left out.
  const start = {
    ...SCORER_WEIGHTS,
    features: {
      ...Object.fromEntries(FEATURES.map((feature) => [feature, 0])),
      position: 1,
      opening: -0.5,
    } as Record<Feature, number>,
    summarySentences: 2,
    summaryWords: 45,
  };

  it("fits weights that score at least as well as where the search started, the same on every run", () => {
    const fitted = fitWeights(rows, start, []);
    expect(objective(rows, fitted, [])).toBeGreaterThan(objective(rows, start, []));
    expect(fitBagged(rows, start, [], 3)).toEqual(fitBagged(rows, start, [], 3));
  });

  it("moves only the free feature weights, and the settings only when they are free", () => {
    const fitted = fitWeights(rows, start, [], { free: ["position", "opening"], settings: false });
    expect(objective(rows, fitted, [])).toBeGreaterThan(objective(rows, start, []));
    expect(fitted.features.opening).toBeGreaterThan(start.features.opening);
    for (const feature of FEATURES.filter((feature) => feature !== "opening"))
      expect(fitted.features[feature], feature).toBe(start.features[feature]);
    expect([fitted.summarySentences, fitted.summaryWords, fitted.redundancy]).toEqual([
      start.summarySentences,
      start.summaryWords,
      start.redundancy,
    ]);
  });
});

describe("training arguments and comparisons", () => {
  it("reads a file with or without a guard's floor", () => {
    expect(parseFileArg("data/guard.jsonl:52")).toEqual({ path: "data/guard.jsonl", minRouge1: 52 });
    expect(parseFileArg("data/train.jsonl")).toEqual({ path: "data/train.jsonl" });
  });

  it("compares two runs row by row, with the standard error of the mean difference", () => {
    const gain = pairedGain([10, 20, 30, 40], [11, 23, 30, 42]);
    // Differences 1, 3, 0, 2: mean 1.5, sample variance 5/3, standard error √(5/3 / 4).
    expect(gain.mean).toBeCloseTo(1.5, 9);
    expect(gain.standardError).toBeCloseTo(Math.sqrt(5 / 12), 9);
  });
});

describe("answer spans", () => {
  it("counts a fill that restates the span, however cut or capitalised", () => {
    const span = "because an engine fault was found on the largest vessel in the fleet";
    expect(overlapsAnySpan("Because an engine fault was found on the largest vessel", [span])).toBe(true);
    expect(
      overlap("By chartering two water taxis", "by chartering two smaller water taxis from a private operator"),
    ).toBe(1);
  });

  it("does not count a fill that shares a word or two with the span but says something else", () => {
    expect(overlapsAnySpan("After the engine was repaired in dry dock", ["because an engine fault was found"])).toBe(
      false,
    );
    expect(overlapsAnySpan("", ["yesterday"])).toBe(false);
  });

  it("scores a filled field as a hit, a wrong answer, a false alarm or nothing, and an empty one as a miss", () => {
    const label = (why: string[]) => ({ key: "k", who: [], what: [], when: [], where: [], why, how: [] });
    const labels = [
      label(["because of heavy rain"]),
      label(["because of heavy rain"]),
      label([]),
      label([]),
      label(["because of heavy rain"]),
    ];
    const fills = ["Because of heavy rain", "To save money", "Because of heavy rain", "", ""];
    const answer = (index: number) => ({ who: "", what: "", when: "", where: "", why: fills[index] ?? "", how: "" });
    let call = 0;
    const why = scoreFields(labels, () => answer(call++)).scores.find((score) => score.field === "why");
    expect(why).toMatchObject({ hits: 1, wrong: 1, falseAlarms: 1, misses: 1 });
    expect(why?.precision).toBeCloseTo(1 / 3, 9);
    expect(why?.recall).toBeCloseTo(1 / 3, 9);
  });
});

describe("the labelled sample set", () => {
  const corpus = new Map(readSampleCorpus().map((article) => [article.key, article]));
  /** A calendar date a relative one resolves to ("21 November 2026", "the week of 16 November 2026", "October 2026"). */
  const CALENDAR_DATE = /^(?:the week of )?(?:\d{1,2} )?[A-Z][a-z]+ \d{4}$/;

  it("labels articles of the sample corpus, each once", () => {
    const keys = SAMPLE_FIELD_SPANS.map((label) => label.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(corpus.has(key), key).toBe(true);
  });

  it("labels each answer with text of its article (or the calendar date a relative one means)", () => {
    const notInText: string[] = [];
    for (const label of SAMPLE_FIELD_SPANS) {
      const article = corpus.get(label.key);
      const text = `${article?.title}\n${article?.body}`;
      for (const field of FIELDS)
        for (const span of label[field])
          if (!text.includes(span) && !(field === "when" && CALENDAR_DATE.test(span)))
            notInText.push(`${label.key} ${field}: ${span}`);
    }
    expect(notInText).toEqual([]);
  });

  it("holds articles that state no cause and articles that state no means", () => {
    const without = (field: "why" | "how") => SAMPLE_FIELD_SPANS.filter((label) => label[field].length === 0).length;
    expect(without("why")).toBeGreaterThanOrEqual(10);
    expect(without("how")).toBeGreaterThanOrEqual(10);
  });
});
