// locate() against the shipped gazetteer, on sentences written for these tests.
import { describe, expect, it } from "vitest";
import { gazetteer } from "../src/nlp/gazetteer.ts";
import { locate } from "../src/nlp/locate.ts";

const where = (text: string, title?: string) => locate(text, title === undefined ? {} : { title }).location;

describe("locate", () => {
  it("names the city and its country", () => {
    expect(locate("Dockworkers in Rotterdam began a 48-hour strike on Monday over pay.")).toEqual({
      location: "Rotterdam, Netherlands",
      locationCity: "Rotterdam",
      locationCountry: "Netherlands",
    });
  });

  it("gives the country alone when no city is named", () => {
    expect(locate("Protests spread across the Netherlands as farmers blocked roads.")).toEqual({
      location: "Netherlands",
      locationCity: null,
      locationCountry: "Netherlands",
    });
  });

  it("returns nulls when the text names no place", () => {
    expect(locate("The committee will meet again next week to review the proposal.")).toEqual({
      location: null,
      locationCity: null,
      locationCountry: null,
    });
  });

  it("uses the headline", () => {
    expect(
      where("The council voted seven to four to approve the plan.", "Osaka assembly approves flood defence plan"),
    ).toBe("Osaka, Japan");
  });

  describe("ambiguous names", () => {
    it("takes the larger namesake by default", () => {
      expect(where("Officials in Paris said the museum would reopen.")).toBe("Paris, France");
      expect(where("Thousands marched in Santiago on Saturday.")).toBe("Santiago, Chile");
    });

    it("follows a state or country written after the name", () => {
      expect(where("Officials in Paris, Texas, said the storm had passed.")).toBe("Paris, United States");
      expect(where("The festival in Victoria, Canada, drew record crowds.")).toBe("Victoria, Canada");
    });

    it("follows the states and countries the text names elsewhere", () => {
      expect(
        where("The mayor of Birmingham said the plant would stay open. Alabama officials welcomed the news."),
      ).toBe("Birmingham, United States");
      expect(
        where(
          "The mayor of Birmingham said the plant would stay open, a relief for the West Midlands and for England.",
        ),
      ).toBe("Birmingham, United Kingdom");
    });

    it("does not let a passing mention of a country move the city", () => {
      expect(where("The US ambassador met officials in Paris on Monday.")).toBe("Paris, France");
    });
  });

  describe("words that only look like places", () => {
    it.each([
      ["a month", "The budget will be published in March."],
      ["a person named Jordan", "Michael Jordan said the team would win."],
      ["Jordan as a first name", "Jordan said the plan would work."],
      ["an everyday word at a sentence start", "Most people voted. Reading is popular."],
      ["an adjective", "Nice weather drew crowds to the beach."],
    ])("ignores %s", (_, text) => {
      expect(where(text)).toBeNull();
    });

    it("accepts such a name where the text makes it a place", () => {
      expect(where("Talks in Jordan continued for a second day.")).toBe("Jordan");
      expect(where("Crowds gathered on the beach in Nice on Sunday.")).toBe("Nice, France");
    });
  });

  describe("names of organisations", () => {
    it.each([
      ["a football club", "Manchester United beat Chelsea on Saturday."],
      ["a university", "Researchers at the University of Toronto published the study."],
      ["a newspaper", "The New York Times reported the deal."],
    ])("ignores a city inside %s", (_, text) => {
      expect(where(text)).toBeNull();
    });

    it("counts a city inside the name of its own council", () => {
      expect(where("Melbourne City Council voted last night to introduce a congestion charge.")).toBe(
        "Melbourne, Australia",
      );
    });

    it("reads a city before -based as a place", () => {
      expect(where("A Rotterdam-based shipping firm said it would hire 200 people.")).toBe("Rotterdam, Netherlands");
    });
  });

  it("finds names written without accents and English names of cities", () => {
    expect(where("A chocolate maker in Zurich raised its prices.")).toBe("Zürich, Switzerland");
    expect(where("A supermarket in Cologne tested checkout-free shopping.")).toBe("Cologne, Germany");
    expect(where("The city government of Ulaanbaatar will replace coal stoves.")).toBe("Ulaanbaatar, Mongolia");
  });

  it("knows the everyday names of countries", () => {
    expect(locate("Lawmakers in the US passed the bill.").locationCountry).toBe("United States");
    expect(locate("Rail fares in the UK will rise in January.").locationCountry).toBe("United Kingdom");
  });

  it("ships a real gazetteer, not a short list", () => {
    const { byName } = gazetteer();
    expect(byName.size).toBeGreaterThan(20_000);
    expect(byName.get("mombasa")?.[0]).toMatchObject({ kind: "city" });
  });
});
