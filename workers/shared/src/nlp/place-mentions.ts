// Every mention of a gazetteer name in a text, with the context that tells a place from a word
// that only looks like one: "in Jordan" is a country, "Michael Jordan" and "Jordan said" are not.
import { ORGANIZATION_WORDS } from "../summarizer/name-cues.ts";
import { STOPWORDS } from "../summarizer/stopwords.ts";
import { gazetteer, type Place } from "./gazetteer.ts";
import { splitWords, type Word } from "./words.ts";

export interface PlaceMention {
  /** The name as the text writes it. */
  text: string;
  key: string;
  places: readonly Place[];
  start: number;
  /** "in Jordan", "near Santiago", "a Rotterdam-based firm": the text says it is a place. */
  inPlaceContext: boolean;
  /** Part of a longer name: "Manchester United", "New York Times", "Bank of England". */
  insideName: boolean;
  /** …and that name is a local body of the place ("Melbourne City Council", "Port of Rotterdam Authority"). */
  insideLocalBody: boolean;
  sentenceStart: boolean;
  /** "Paris, Texas" / "Victoria, Canada": the region or country the text names right after it. */
  qualifier: readonly Place[];
}

const PLACE_PREPOSITIONS = new Set([
  "in",
  "at",
  "near",
  "from",
  "across",
  "outside",
  "around",
  "throughout",
  "to",
  "into",
  "within",
  "towards",
  "toward",
  "via",
]);

export interface MentionOptions {
  /** A Title Case headline capitalises every word, so capitals there cannot tell a longer name. */
  titleCase?: boolean;
}

export function findPlaceMentions(text: string, options: MentionOptions = {}): PlaceMention[] {
  const { byName, longestName } = gazetteer();
  const words = splitWords(text);
  const mentions: PlaceMention[] = [];
  for (let i = 0; i < words.length; i++) {
    const first = words[i];
    if (!first?.capitalised) continue;
    for (let length = Math.min(longestName, words.length - i); length >= 1; length--) {
      const end = i + length;
      if (!isOneName(words, i, end)) continue;
      const key = words
        .slice(i, end)
        .map((word) => word.lower)
        .join(" ");
      const places = byName.get(key);
      const last = words[end - 1];
      if (!places || !last) continue;
      mentions.push({
        text: text.slice(first.start, last.end),
        key,
        places,
        start: first.start,
        inPlaceContext: isInPlaceContext(words, i, end),
        insideName: !options.titleCase && isInsideName(words, i, end),
        insideLocalBody: !options.titleCase && isInsideLocalBody(words, i, end),
        sentenceStart: first.sentenceStart,
        qualifier: qualifierAfter(text, words, end, byName),
      });
      i = end - 1;
      break;
    }
  }
  return mentions;
}

/** Words i..end-1 run on from one another, with no possessive or full stop between them. */
function isOneName(words: readonly Word[], from: number, end: number): boolean {
  return words.slice(from + 1, end).every((word) => word.joinedToPrevious);
}

const joinedBefore = (words: readonly Word[], at: number) => (words[at]?.joinedToPrevious ? words[at - 1] : undefined);
const joinedAfter = (words: readonly Word[], end: number) => (words[end]?.joinedToPrevious ? words[end] : undefined);

function isInPlaceContext(words: readonly Word[], from: number, end: number): boolean {
  if (words[end - 1]?.based) return true;
  if (words[from]?.sentenceStart) return false;
  // "in the Netherlands", "across the United States".
  const before = words[from - 1]?.lower === "the" ? words[from - 2] : words[from - 1];
  return before !== undefined && PLACE_PREPOSITIONS.has(before.lower);
}

function isInsideName(words: readonly Word[], from: number, end: number): boolean {
  const after = joinedAfter(words, end);
  if (after?.capitalised) return true;
  // "University of Toronto": a name that goes on with "of" and another capitalised word.
  if (after?.lower === "of" && joinedAfter(words, end + 1)?.capitalised) return true;
  const before = joinedBefore(words, from);
  // A capitalised word before is part of the name, unless it is only capitalised for starting the sentence ("In Paris").
  if (before?.capitalised && !(before.sentenceStart && STOPWORDS.has(before.lower))) return true;
  // "University of Toronto", "Bank of England".
  const owner = before?.lower === "of" ? joinedBefore(words, from - 1) : undefined;
  return owner?.capitalised === true && ORGANIZATION_WORDS.has(owner.lower);
}

/** Words that make a name a local public body, which is where it is ("Toronto Harbour Services" is not). */
const LOCAL_BODY_WORDS = new Set([
  "council",
  "municipality",
  "authority",
  "port",
  "city",
  "county",
  "assembly",
  "government",
  "police",
  "mayor",
  "hall",
]);
/** How far around a place name a local body's head word is looked for. */
const LOCAL_BODY_REACH = 3;

function isInsideLocalBody(words: readonly Word[], from: number, end: number): boolean {
  for (const word of words.slice(end, end + LOCAL_BODY_REACH)) {
    if (!word.joinedToPrevious || !word.capitalised) break;
    if (LOCAL_BODY_WORDS.has(word.lower)) return true;
  }
  // "Port of Rotterdam", "City of Melbourne".
  const owner = words[from - 1]?.lower === "of" ? joinedBefore(words, from - 1) : undefined;
  return owner?.capitalised === true && LOCAL_BODY_WORDS.has(owner.lower);
}

/** The country or US state named right after ", " ("Paris, Texas"). */
function qualifierAfter(
  text: string,
  words: readonly Word[],
  end: number,
  byName: ReadonlyMap<string, readonly Place[]>,
): Place[] {
  const last = words[end - 1];
  const next = words[end];
  if (!last || !next || !/^, ?$/u.test(text.slice(last.end, next.start))) return [];
  for (let length = 3; length >= 1; length--) {
    if (end + length > words.length || !isOneName(words, end, end + length)) continue;
    const places =
      byName.get(
        words
          .slice(end, end + length)
          .map((word) => word.lower)
          .join(" "),
      ) ?? [];
    const regions = places.filter((place) => place.kind === "country" || place.kind === "usState");
    if (regions.length > 0) return regions;
  }
  return [];
}
