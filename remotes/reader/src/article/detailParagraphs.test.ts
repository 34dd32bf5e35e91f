import { describe, expect, it } from "vitest";
import { detailParagraphs, splitSentences } from "./detailParagraphs.ts";

describe("detailParagraphs", () => {
  it("leaves out the sentences the summary already shows", () => {
    const short = "Seville opened 74 shelters. Libraries stay open until 10 p.m.";
    const detailed =
      "Seville opened 74 shelters. Most are in older districts.\n\nLibraries stay open until 10 p.m. Volunteers will help.";
    expect(detailParagraphs(detailed, short)).toEqual(["Most are in older districts.", "Volunteers will help."]);
  });

  it("compares sentences without case, spacing or closing punctuation", () => {
    expect(detailParagraphs("The  ferry  stopped! A new one arrives.", "the ferry stopped.")).toEqual([
      "A new one arrives.",
    ]);
  });

  it("is empty when the detail adds nothing", () => {
    expect(detailParagraphs("One. Two.", "One. Two.")).toEqual([]);
  });

  it("keeps quotes and abbreviations inside one sentence", () => {
    expect(splitSentences('"We are ready," she said. It opens at 7 a.m. on Monday.')).toEqual([
      '"We are ready," she said.',
      "It opens at 7 a.m. on Monday.",
    ]);
  });
});
