// The why and how answers on sentences written for these tests: filled only where the text states a
// cause or a means, and left empty where it states none.
import { describe, expect, it } from "vitest";
import { summarize } from "../src/summarizer/index.ts";

/** 22 November 2026, 09:00 UTC. */
const PUBLISHED_AT = Date.UTC(2026, 10, 22, 9) / 1000;
const answers = (title: string, ...paragraphs: string[]) =>
  summarize({ title, body: paragraphs.join("\n\n"), publishedAt: PUBLISHED_AT }).summary;

describe("why", () => {
  it("takes a reason the lead gives with 'saying'", () => {
    const { why } = answers(
      "Central bank holds its rate",
      "The central bank of Iceland left its main rate unchanged at 7.5 percent yesterday, saying inflation was still too high to cut.",
      "Economists had expected the decision.",
    );
    expect(why).toBe("Saying inflation was still too high to cut");
  });

  it("takes a finding's stated explanation", () => {
    const { why } = answers(
      "Alpine lake warms faster than expected",
      "Lake Constance has warmed by 1.2 degrees in thirty years, researchers in Konstanz reported this week.",
      "The warming is largely explained by milder winters that no longer mix the water.",
    );
    expect(why).toBe("Explained by milder winters that no longer mix the water");
  });

  it("does not read plain sequence in time as a cause", () => {
    const { why } = answers(
      "Museum reopens its east wing",
      "The city museum in Ghent reopened its east wing on Saturday, 14 years after the wing closed its doors.",
      "The mayor was sworn in after the count and opened the wing the same morning.",
      "Visitors queued along the river before the doors opened.",
    );
    expect(why).toBe("");
  });

  it("does not take a bare time after 'after' for an event", () => {
    const { why } = answers(
      "Ferry timetable returns",
      "After the summer season, the island ferry returned to its winter timetable of four crossings a day.",
      "The first boat leaves the harbour at seven.",
    );
    expect(why).toBe("");
  });

  it("takes an event after 'after' as the cause", () => {
    const { why } = answers(
      "Bakers strike in Lyon",
      "Bakery workers in Lyon began a three-day strike yesterday after talks on night-shift pay broke down.",
    );
    expect(why).toBe("After talks on night-shift pay broke down");
  });

  it("reads 'divided over' in a headline as a topic, 'strike over' as a cause", () => {
    expect(
      answers(
        "Ministers divided over fishing quotas",
        "Fisheries ministers met in Brussels on Monday.",
        "They will meet again.",
      ).why,
    ).toBe("");
    expect(answers("Nurses strike over pay", "Nurses at two hospitals in Porto stopped work on Monday.").why).toBe(
      "Over pay",
    );
  });
});

describe("how", () => {
  it("takes a vote's tally when the story is the vote", () => {
    const { how } = answers(
      "Council approves tram line",
      "Utrecht city council approved a new tram line last night by 27 votes to 14.",
    );
    expect(how).toBe("By 27 votes to 14");
  });

  it("leaves a tally alone when the vote is background to the story", () => {
    const { how } = answers(
      "Bond prices steady after budget",
      "Government bond prices in Lisbon were little changed today after parliament passed the budget.",
      "The budget was approved by 130 votes to 97 last night.",
    );
    expect(how).toBe("");
  });

  it("takes the clause after an arrangement named first", () => {
    const { how } = answers(
      "Town swaps coal stoves for heat pumps",
      "The town of Nowy Targ will replace 3,000 coal stoves this winter, officials said.",
      "Under the scheme approved last week, households hand in their old stoves and receive heat pumps at half price.",
    );
    expect(how).toBe("Households hand in their old stoves and receive heat pumps at half price");
  });

  it("takes what money is spent on doing, and what a machine runs on", () => {
    expect(
      answers(
        "Dairy invests in biogas",
        "A dairy cooperative in Friesland will spend 12 million euros building biogas plants on member farms.",
      ).how,
    ).toBe("Building biogas plants on member farms");
    expect(
      answers(
        "Electric ferry starts service",
        "A new ferry began service across the Oslofjord today.",
        "It runs on batteries charged at both terminals.",
      ).how,
    ).toBe("Runs on batteries charged at both terminals");
  });

  it("takes 'using …' whose clause ends in an embedded question", () => {
    const { how } = answers(
      "Villages warned of rising river",
      "Officials in Sylhet opened 200 shelters today as the river rose.",
      "Volunteers are using loudspeakers to tell residents where the nearest shelter is.",
    );
    expect(how).toBe("Using loudspeakers to tell residents where the nearest shelter is");
  });

  it("does not take what a change replaces, nor what something is run by, for a means", () => {
    const { how } = answers(
      "Single licence office proposed",
      "The proposal would create a single licensing office, replacing 27 national systems.",
      "Most of the systems are run by third parties.",
    );
    expect(how).toBe("");
  });
});
