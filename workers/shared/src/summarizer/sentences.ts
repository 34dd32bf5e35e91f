// Sentence splitting over compromise's one parse of the article. compromise does the hard part
// (abbreviations such as "p.m." and "U.S."); paragraphs and closing quotes are made reliable
// boundaries around it. Each sentence keeps its tagged terms, so later steps never parse again.
import type nlp from "compromise";

type Document = ReturnType<typeof nlp>;

/** One word as compromise tagged it; `start` is its offset in the parsed text. */
export interface Term {
  text: string;
  /** Punctuation and space after the word. */
  post: string;
  tags: string[];
  offset: { start: number; length: number };
}

export interface Sentence {
  text: string;
  /** Offset of the sentence in the parsed text. */
  start: number;
  terms: Term[];
}

/** One paragraph per line, blank lines dropped, runs of spaces collapsed. */
export function normalizeBody(body: string): string {
  return body
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
}

// compromise keeps `"... passes." Dr. Smith met` as one sentence when a quote closes it.
const AFTER_CLOSING_QUOTE = /(?<=[.!?]["”’])\s+(?=["“‘]?\p{Lu})/gu;

/** `text` must be the text `doc` was parsed from. */
export function splitSentences(doc: Document, text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let searchFrom = 0;
  for (const parsed of doc.json({ offset: true }) as { text: string; terms: Term[] }[]) {
    const start = text.indexOf(parsed.text, searchFrom);
    if (start === -1) continue;
    searchFrom = start + parsed.text.length;
    sentences.push(...splitAfterClosingQuotes({ text: parsed.text, start, terms: parsed.terms }));
  }
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence.text));
}

function splitAfterClosingQuotes(sentence: Sentence): Sentence[] {
  const cuts = [...sentence.text.matchAll(AFTER_CLOSING_QUOTE)].map((match) => ({ end: match.index, next: match.index + match[0].length }));
  if (cuts.length === 0) return [sentence];
  const bounds = [{ from: 0, to: cuts[0]!.end }, ...cuts.map((cut, i) => ({ from: cut.next, to: cuts[i + 1]?.end ?? sentence.text.length }))];
  return bounds.map(({ from, to }) => {
    const start = sentence.start + from;
    const end = sentence.start + to;
    return {
      text: sentence.text.slice(from, to),
      start,
      terms: sentence.terms.filter((term) => term.offset.start >= start && term.offset.start < end),
    };
  });
}

/** The terms of the sentence that lie between two offsets of its text. */
export function termsBetween(sentence: Sentence, from: number, to: number): Term[] {
  return sentence.terms.filter((term) => term.offset.start >= sentence.start + from && term.offset.start < sentence.start + to);
}
