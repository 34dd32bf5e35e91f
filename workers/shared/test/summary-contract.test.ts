// The summary contract over the project's own sample corpus (118 articles written for it), and the
// pieces the fast path added: the plain sentence splitter, the lexicon tags, means and speakers.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { summarize, TLDR_MAX_WORDS } from "../src/summarizer/index.ts";
import { lexiconTerms, splitSentences } from "../src/summarizer/sentences.ts";

const PUBLISHED_AT = Date.UTC(2026, 10, 22, 9) / 1000;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

const corpus = new URL("../../ingest/sample-corpus/", import.meta.url);
const articles = readdirSync(corpus).flatMap(
  (file) =>
    (
      JSON.parse(readFileSync(new URL(file, corpus), "utf8")) as {
        articles: { key: string; title: string; body: string }[];
      }
    ).articles,
);

describe("summary contract on the sample corpus", () => {
  const results = articles.map((article) => ({
    key: article.key,
    ...summarize({ ...article, publishedAt: PUBLISHED_AT }),
  }));

  it("gives every article a one-sentence TL;DR within the word limit", () => {
    for (const { key, tldr } of results) {
      expect(tldr, key).not.toBe("");
      expect(words(tldr), key).toBeLessThanOrEqual(TLDR_MAX_WORDS);
      expect(tldr.slice(0, -1), key).not.toMatch(/[.!?]["”’]?\s+["“‘]?\p{Lu}/u);
    }
  });

  it("always has the six fields as strings, and who and what for every article", () => {
    for (const { key, summary } of results) {
      expect(Object.keys(summary).sort(), key).toEqual(["how", "what", "when", "where", "who", "why"]);
      for (const value of Object.values(summary)) expect(typeof value, key).toBe("string");
      expect(summary.who, key).not.toBe("");
      expect(summary.what, key).not.toBe("");
    }
  });

  it("does not take a city for a person", () => {
    for (const { key, summary } of results) expect(summary.who.split(", "), key).not.toContain("Santiago");
  });
});

describe("sentence splitting", () => {
  const texts = (text: string) => splitSentences(text).map((sentence) => sentence.text);

  it("splits at full stops, question marks and paragraph breaks", () => {
    expect(texts("The ferry stopped. Why? Nobody knew.\n\nA new paragraph")).toEqual([
      "The ferry stopped.",
      "Why?",
      "Nobody knew.",
      "A new paragraph",
    ]);
  });

  it("keeps abbreviations, initials and decimals inside a sentence", () => {
    expect(
      texts("Dr. Okonjo met J. K. Rowling at 10 a.m. on Jan. 5 in the U.S. capital. Prices rose 3.5 percent."),
    ).toEqual(["Dr. Okonjo met J. K. Rowling at 10 a.m. on Jan. 5 in the U.S. capital.", "Prices rose 3.5 percent."]);
  });

  it("ends a sentence after a closing quote", () => {
    expect(texts('"We will reopen soon." Okonjo said the timetable would return.')).toEqual([
      '"We will reopen soon."',
      "Okonjo said the timetable would return.",
    ]);
  });

  it("keeps offsets into the text", () => {
    const text = "First one.  Second one.";
    for (const sentence of splitSentences(text))
      expect(text.slice(sentence.start, sentence.start + sentence.text.length)).toBe(sentence.text);
  });
});

describe("lexicon tags", () => {
  it("tags known names and capitalised words from compromise's lexicon", () => {
    const [sentence] = splitSentences("Officials said Miriam Okonjo would visit Toronto.");
    const tags = Object.fromEntries(lexiconTerms(sentence!).terms.map((term) => [term.text, term.tags]));
    expect(tags.Miriam).toEqual(expect.arrayContaining(["Person", "ProperNoun"]));
    expect(tags.Okonjo).toContain("ProperNoun");
    expect(tags.Toronto).toEqual(expect.arrayContaining(["Place", "City"]));
    expect(tags.would).toContain("Modal");
    expect(tags.Officials).not.toContain("ProperNoun");
  });
});

describe("six answers from the fast path", () => {
  it("finds a vote's tally as how a decision was made", () => {
    const { how } = summarize({
      title: "Council approves congestion charge",
      body: "The city council approved a congestion charge last night by seven votes to four after a long debate.",
      publishedAt: PUBLISHED_AT,
    }).summary;
    expect(how).toBe("By seven votes to four after a long debate");
  });

  it("answers how with what the plan does, never with the bare 'Under the plan'", () => {
    const { how } = summarize({
      title: "Charge approved",
      body: "The council approved the charge on Monday. Under the plan, drivers will pay 11 dollars a day.",
      publishedAt: PUBLISHED_AT,
    }).summary;
    expect(how).toBe("Drivers will pay 11 dollars a day");
  });

  it("takes a participle that names a method as how, with its whole list", () => {
    const { how } = summarize({
      title: "City opens cool rooms",
      body: "The city council will run 74 shelters this summer, converting libraries, civic centres and sports halls into cool rooms. Officials said more may follow.",
      publishedAt: PUBLISHED_AT,
    }).summary;
    expect(how).toBe("Converting libraries, civic centres and sports halls into cool rooms");
  });

  it("reads causes stated as agents, purposes and headline clauses as why", () => {
    const why = (title: string, body: string) => summarize({ title, body, publishedAt: PUBLISHED_AT }).summary.why;
    expect(why("Tea prices climb", "Tea prices rose this week, lifted by strong buying from packers.")).toBe(
      "Lifted by strong buying from packers",
    );
    expect(
      why(
        "Market reopens",
        "Traders moved back into the market today while the city rebuilt the hall to reduce flooding.",
      ),
    ).toBe("To reduce flooding");
    expect(why("Freight rates edge up as strike delays ships", "Spot rates rose 4 percent yesterday.")).toBe(
      "As strike delays ships",
    );
    // A timetable is not a cause, and a role in a headline ("as open source") is not one either.
    expect(why("Library released as open source", "The library is due to be released next year.")).toBe("");
  });

  it("leaves acronyms used as plain words and lone given names out of who", () => {
    const { who } = summarize({
      title: "Audit of mobile ID",
      body: "The Data Protection Commission reviewed mobile ID checks yesterday, said Abena Owusu-Mensah. IT teams restored DNA records at the mill in Prince George. The EU said it would follow the audit.",
      publishedAt: PUBLISHED_AT,
    }).summary;
    const names = who.split(", ");
    for (const noise of ["ID", "IT", "DNA", "George"]) expect(names).not.toContain(noise);
    expect(names).toContain("Data Protection Commission");
  });

  it("keeps a time measure with its clause in the TL;DR", () => {
    const { tldr } = summarize({
      title: "Meteorite recovered",
      body: "A team of researchers and volunteers has recovered a 1.3-kilogram meteorite on a remote plain in South Australia three weeks after cameras recorded its fall as a bright fireball across the night sky over the desert.",
      publishedAt: PUBLISHED_AT,
    });
    expect(tldr).not.toMatch(/three weeks\.$/u);
    expect(words(tldr)).toBeLessThanOrEqual(TLDR_MAX_WORDS);
  });

  it("names a speaker quoted far from the lead", () => {
    const body = [
      "The regional rail operator cancelled all evening services on the coastal line yesterday after a signal failure near the harbour.",
      "Engineers worked through the night to replace the damaged cables.",
      "Buses replaced trains between the two busiest stations.",
      "Passengers were told to allow an extra hour for their journeys.",
      '"We expect a normal timetable by Friday," said Ingrid Solheim, the operator\'s head of engineering.',
    ].join("\n");
    expect(
      summarize({ title: "Signal failure halts coastal trains", body, publishedAt: PUBLISHED_AT }).summary.who,
    ).toContain("Ingrid Solheim");
  });
});
