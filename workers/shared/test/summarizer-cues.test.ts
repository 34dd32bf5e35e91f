// The cheap cues the learned scorer reads off sentences (sentence-cues.ts, salient-names.ts), on
// sentences written for these tests.
import { describe, expect, it } from "vitest";
import { introducedMainNames } from "../src/summarizer/salient-names.ts";
import { isHousekeeping, isQuotation } from "../src/summarizer/sentence-cues.ts";

describe("housekeeping", () => {
  it.each([
    "Reporter Ana Lima contributed to this report.",
    "Additional reporting by Tom Reed; writing by Jo Park.",
    "E-mail to a friend.",
    "Follow us on the social network of your choice.",
  ])("marks %s", (sentence) => {
    expect(isHousekeeping(sentence)).toBe(true);
  });

  it.each([
    "The mayor said volunteers contributed to the clean-up.",
    "Residents were told to follow the signs to the shelter.",
  ])("leaves the story's own sentence %s", (sentence) => {
    expect(isHousekeeping(sentence)).toBe(false);
  });
});

describe("quotation", () => {
  it("marks a sentence that opens with a quotation mark, straight or curly", () => {
    expect(isQuotation('"We are ready," the coach said.')).toBe(true);
    expect(isQuotation("“We are ready,” the coach said.")).toBe(true);
    expect(isQuotation('The coach said: "We are ready."')).toBe(false);
  });
});

describe("the story's main names", () => {
  const story = [
    "Firefighters in Norvale rescued a cat from the roof of the town hall on Friday.",
    "The cat, named Pepper, had climbed the town hall's drainpipe during a storm.",
    "Pepper belongs to Ida Marsh, who runs the bakery next door.",
    "Marsh thanked the Norvale crews and said Pepper was unhurt.",
    "Nobody else was involved.",
  ];
  const introduced = introducedMainNames(story);

  it("credits the sentence that first names each of the main names", () => {
    // Names met in two or more sentences: "pepper" (3), "norvale" (2), "marsh" (2).
    expect(introduced).toEqual([1 / 3, 1 / 3, 1 / 3, 0, 0]);
  });

  it("counts a sentence's first word as a name only when it is a name elsewhere", () => {
    // "Marsh" opens the fourth sentence, "Firefighters" the first: only the first is a name elsewhere.
    expect(introducedMainNames(["Firefighters came.", "Marsh came.", "They thanked Marsh."])).toEqual([0, 1, 0]);
  });

  it("gives every sentence 0 when no name recurs", () => {
    expect(introducedMainNames(["Rain fell on Tuesday.", "The river rose."])).toEqual([0, 0]);
  });
});
