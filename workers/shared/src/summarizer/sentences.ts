// Sentences of an article. Splitting is plain code over the whole text (fast enough for every
// article). compromise's tagging is what costs: its full tagger runs about 15 µs a character, its
// first pass (lexicon and word-shape rules, no context rules) a quarter of that. So only the lead
// gets the first pass (tagSentences), and every other sentence just has its words looked up in
// compromise's lexicon (lexiconTerms), which is enough to find the names in it.
import nlp from "compromise";

/** One word as compromise tagged it; `offset.start` is its offset in the article text. */
export interface Term {
  text: string;
  /** Punctuation and space after the word. */
  post: string;
  tags: string[];
  offset: { start: number; length: number };
}

export interface Sentence {
  text: string;
  /** Offset of the sentence in the article text. */
  start: number;
  /** Its words with their tags; empty until tagSentences or lexiconTerms fills them. */
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

// A sentence ends at . ! or ? (and any closing quotes or brackets), before a space and a capital,
// digit or opening quote; a paragraph break always ends one.
const BOUNDARY = /[.!?]+["”’')\]]*(?=\s+["“‘'([]?[\p{Lu}\p{N}])|\n+/gu;
// The word a full stop follows: "Dr." or "U.S." does not end a sentence, "J." in "J. K. Rowling" neither.
const WORD_BEFORE = /([\p{L}.]+)\.$/u;
const INITIALS = /^(?:\p{L}\.)*\p{L}$/u;

let abbreviations: ReadonlySet<string> | undefined;
/** compromise's own list ("mr", "dr", "jan", "approx", …), so splitting agrees with its tokenizer. */
function isAbbreviation(word: string): boolean {
  const model = nlp.model() as { one: { abbreviations: Record<string, unknown> } };
  // "No. 1" and "vs." are missing from it.
  abbreviations ??= new Set([...Object.keys(model.one.abbreviations), "no", "vs"]);
  return abbreviations.has(word.toLowerCase());
}

export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const sentence = raw.trim();
    if (/[\p{L}\p{N}]/u.test(sentence)) sentences.push({ text: sentence, start: start + lead, terms: [] });
  };
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (
      match[0].startsWith(".") &&
      !match[0].startsWith("..") &&
      followsAbbreviation(text.slice(start, match.index + 1))
    )
      continue;
    push(end);
    start = end;
  }
  push(text.length);
  return sentences;
}

function followsAbbreviation(upToStop: string): boolean {
  const word = upToStop.match(WORD_BEFORE)?.[1];
  return word !== undefined && (isAbbreviation(word) || INITIALS.test(word));
}

/**
 * The same sentences with compromise's first-pass tags on the words: all of them are parsed as one
 * text, so the parse costs one call. Offsets stay those of the article text.
 */
export function tagSentences(sentences: readonly Sentence[]): Sentence[] {
  if (sentences.length === 0) return [];
  const joined = sentences.map((sentence) => sentence.text).join("\n\n");
  const doc = nlp.tokenize(joined);
  doc.compute(["lexicon", "preTagger"]);
  const terms = (doc.json({ offset: true }) as { terms: Term[] }[]).flatMap((parsed) => parsed.terms);
  let from = 0;
  return sentences.map((sentence) => {
    const end = from + sentence.text.length;
    const own = terms
      .filter((term) => term.offset.start >= from && term.offset.start < end)
      .map((term) => ({
        ...term,
        offset: { start: term.offset.start - from + sentence.start, length: term.offset.length },
      }));
    from = end + 2;
    return { ...sentence, terms: own };
  });
}

// A word, with an apostrophe inside it ("O'Brien", "Rotterdam's"), then what follows it up to the next word.
const TERM = /([\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*)([^\p{L}\p{M}\p{N}]*)/gu;
const ACRONYM = /^\p{Lu}{2,6}$/u;

interface CompromiseModel {
  one: { lexicon: Record<string, string | string[]>; tagSet: Record<string, { parents?: string[] }> };
}
let lexicon: Readonly<Record<string, string | string[] | undefined>> | undefined;
const withParents = new Map<string, string[]>();

/** A lexicon tag and the tags it implies, as compromise's tagger would set them ("City" is also a "Place"). */
function expandTag(tag: string): string[] {
  let tags = withParents.get(tag);
  if (!tags) {
    tags = [tag, ...((nlp.model() as CompromiseModel).one.tagSet[tag]?.parents ?? [])];
    withParents.set(tag, tags);
  }
  return tags;
}

/**
 * The sentence's words tagged from compromise's lexicon alone, without its tagger: known names,
 * places, honorifics and function words get their tags, and a capitalised word inside the sentence
 * (or one that starts it and is followed by another) is a ProperNoun. Fast enough for every sentence.
 */
export function lexiconTerms(sentence: Sentence): Sentence {
  lexicon ??= (nlp.model() as CompromiseModel).one.lexicon;
  const known = lexicon; // narrowed here; the callbacks below would see the module's `| undefined`
  const matches = [...sentence.text.matchAll(TERM)];
  const terms = matches.map((match, i): Term => {
    const [, word = "", post = ""] = match;
    const tags = [...new Set([known[word.toLowerCase()] ?? []].flat().flatMap(expandTag))];
    const capitalised = /^\p{Lu}/u.test(word);
    const nextCapitalised = /^\p{Lu}/u.test(matches[i + 1]?.[1] ?? "");
    if (capitalised && (i > 0 || nextCapitalised) && !tags.includes("ProperNoun")) tags.push("ProperNoun");
    if (ACRONYM.test(word)) tags.push("Acronym");
    return { text: word, post, tags, offset: { start: sentence.start + match.index, length: word.length } };
  });
  return { ...sentence, terms };
}

/** The terms of the sentence that lie between two offsets of its text. */
export function termsBetween(sentence: Sentence, from: number, to: number): Term[] {
  return sentence.terms.filter(
    (term) => term.offset.start >= sentence.start + from && term.offset.start < sentence.start + to,
  );
}
