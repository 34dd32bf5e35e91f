// Runs of capitalised names in compromise's tagged terms, each classed as a person, an
// organisation or a place. compromise's own people()/places()/organizations() miss many names it
// has never seen ("Marieke Doorn", "Havenbond Rotterdam"); the cues below catch most of those.
import {
  CONNECTORS,
  LAW_WORDS,
  ORGANIZATION_NOUNS_BEFORE,
  ORGANIZATION_WORDS,
  PLACE_NOUNS_BEFORE_OF,
  PLACE_PREPOSITIONS,
  PLACE_WORDS,
  SPEECH_VERBS,
  TITLES,
} from "./name-cues.ts";
import type { Sentence, Term } from "./sentences.ts";

export type NameKind = "person" | "organization" | "place";

export interface NameSpan {
  kind: NameKind;
  text: string;
  /** Character offset in the parsed text, for ordering by first mention. */
  start: number;
}

const hasTag = (term: Term, tag: string) => term.tags.includes(tag);
const isCapitalised = (term: Term) => /^\p{Lu}/u.test(term.text);
/** "German", "Asian": a demonym describes, it does not name. */
const isNamePart = (term: Term) =>
  isCapitalised(term) &&
  !hasTag(term, "Demonym") &&
  ["ProperNoun", "Place", "Person", "Organization", "Acronym"].some((tag) => hasTag(term, tag));
/**
 * What follows a term ends a name unless it is a space, a hyphen ("Janssen-Bakker") or a plural
 * possessive inside the name ("Rotterdam Terminal Employers' Association"); a singular possessive
 * ends it ("Chile's Atacama Desert" names Chile, then the Atacama Desert).
 */
const endsName = (term: Term) => /['’]s$/u.test(term.text) || !/^(?:\s*|-|['’]\s)$/u.test(term.post);
const bare = (word: string) =>
  word
    .replace(/['’]s$/u, "")
    .replace(/[^\p{L}\p{N}.&'’-]+$/u, "")
    .toLowerCase();

export function findNameSpans(sentences: readonly Sentence[]): NameSpan[] {
  const spans: NameSpan[] = [];
  for (const sentence of sentences) {
    const terms = sentence.terms;
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i];
      if (!term || !isNamePart(term)) continue;
      const end = runEnd(terms, i);
      const start = skipTitles(terms, i, end);
      const first = terms[start];
      const kind = start < end ? classify(terms, start, end) : null;
      if (kind && first) spans.push({ kind, text: spanText(terms.slice(start, end)), start: first.offset.start });
      // "Port of Rotterdam Authority" is an organisation that also says where: Rotterdam.
      if (kind === "organization") spans.push(...placesInside(terms, start, end));
      i = end - 1;
    }
  }
  return spans;
}

/** Index after the last term of the name starting at `start`. */
function runEnd(terms: Term[], start: number): number {
  let end = start + 1;
  while (end < terms.length) {
    const last = terms[end - 1];
    const next = terms[end];
    const after = terms[end + 1];
    if (!last || !next || endsName(last)) break;
    if (isNamePart(next)) end += 1;
    else if (joinsName(last, next) && after && isNamePart(after) && !endsName(next)) end += 2;
    else break;
  }
  return end;
}

/** "for" joins only after an organisation word ("Institute for …"), not in "Mombasa for Uganda". */
const joinsName = (left: Term, connector: Term) =>
  CONNECTORS.has(connector.text) && (connector.text !== "for" || ORGANIZATION_WORDS.has(bare(left.text)));

/**
 * Where the name proper starts: after leading titles ("Mayor Daniel Kourakis"), and after a title
 * inside the run ("Finance Minister Élise Fontaine") when what follows is a short name, not an office.
 */
function skipTitles(terms: Term[], start: number, end: number): number {
  let first = start;
  for (const term of terms.slice(start, end)) {
    if (!isTitle(term)) break;
    first += 1;
  }
  let lastTitle = -1;
  for (const [i, term] of terms.slice(first, end - 1).entries()) if (isTitle(term)) lastTitle = first + i;
  const rest = terms.slice(lastTitle + 1, end).map((term) => bare(term.text));
  if (lastTitle >= first && rest.length <= 3 && !rest.some((word) => ORGANIZATION_WORDS.has(word)))
    return lastTitle + 1;
  return first;
}

const isTitle = (term: Term) => hasTag(term, "Honorific") || TITLES.has(bare(term.text));

function classify(terms: Term[], start: number, end: number): NameKind | null {
  const run = terms.slice(start, end);
  const words = run.map((term) => bare(term.text));
  const lastWord = words.at(-1);
  const before = terms[start - 1];
  // compromise tags all of "government of the Azores" as an organisation; the name in it is a place.
  if (before && !isCapitalised(before) && hasTag(before, "Organization")) return "place";
  // An empty run names nothing; "the Rural Water Services Bill": a law names neither an actor nor a place.
  if (lastWord === undefined || LAW_WORDS.has(lastWord)) return null;
  // "Parliament Hill", "Atacama Desert": a place word at the end names a place, whatever comes before.
  if (PLACE_WORDS.has(lastWord)) return "place";
  if (words.some((word) => ORGANIZATION_WORDS.has(word))) return "organization";
  if (words.some((word) => PLACE_WORDS.has(word)) || run.every((term) => hasTag(term, "Place"))) return "place";
  // compromise guesses Organization for lone capitalised words ("Asian markets"); trust it on longer names.
  if (run.length > 1 && run.some((term) => hasTag(term, "Organization"))) return "organization";
  if (before && ORGANIZATION_NOUNS_BEFORE.has(bare(before.text))) return "organization";
  if (run.some((term) => hasTag(term, "Person"))) return "person";
  if (run.length >= 2 && run.length <= 4 && isNextToSpeechVerb(terms, start, end)) return "person";
  if (isInPlacePhrase(terms, start)) return "place";
  // A lone acronym is an organisation ("NATO said"), unless it qualifies the noun after it ("SIM card", "ID cards").
  const [only] = run;
  if (
    run.length === 1 &&
    only !== undefined &&
    /^\p{Lu}{2,6}$/u.test(only.text.replace(/[^\p{L}]/gu, "")) &&
    !modifiesNextNoun(terms, end)
  )
    return "organization";
  return null;
}

function modifiesNextNoun(terms: Term[], end: number): boolean {
  const next = terms[end];
  return next !== undefined && terms[end - 1]?.post.trim() === "" && !isCapitalised(next) && hasTag(next, "Noun");
}

/** `said Marieke Doorn,` or `Marieke Doorn said`: a name quoted as a speaker is a person's. */
function isNextToSpeechVerb(terms: Term[], start: number, end: number): boolean {
  const before = terms[start - 1];
  const after = terms[end]?.tags.includes("Adverb") ? terms[end + 1] : terms[end];
  const lastPost = terms[end - 1]?.post;
  return (
    (before !== undefined && SPEECH_VERBS.has(bare(before.text))) ||
    (after !== undefined && lastPost?.trim() === "" && SPEECH_VERBS.has(bare(after.text)))
  );
}

function isInPlacePhrase(terms: Term[], start: number): boolean {
  const before = terms[start - 1];
  if (!before) return false;
  if (PLACE_PREPOSITIONS.has(before.text.toLowerCase())) return true;
  const noun = terms[start - 2];
  return before.text === "of" && noun !== undefined && PLACE_NOUNS_BEFORE_OF.has(noun.text.toLowerCase());
}

const isPlaceWord = (term: Term) => hasTag(term, "Place") && !ORGANIZATION_WORDS.has(bare(term.text));

function placesInside(terms: Term[], start: number, end: number): NameSpan[] {
  const places: NameSpan[] = [];
  for (let i = start; i < end; i++) {
    const term = terms[i];
    if (!term || !isPlaceWord(term)) continue;
    let last = i + 1;
    let previous = term;
    for (const next of terms.slice(last, end)) {
      if (!isPlaceWord(next) || endsName(previous)) break;
      last += 1;
      previous = next;
    }
    places.push({ kind: "place", text: spanText(terms.slice(i, last)), start: term.offset.start });
    i = last - 1;
  }
  return places;
}

/** The run's words as written, without a closing possessive ("São Paulo's" names São Paulo). */
const spanText = (run: Term[]) =>
  run
    .map((term, index) => (index < run.length - 1 ? term.text + term.post : term.text))
    .join("")
    .replace(/['’]s$/u, "");
