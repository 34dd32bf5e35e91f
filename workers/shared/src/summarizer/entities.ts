// Ranks the names found in an article: the people and organisations it is about (who) and the
// places it happens in (where). Short forms ("Rojas", "the Commission") count towards the full
// name they stand for.
import { isWellKnownPlace } from "../nlp/gazetteer.ts";
import { isGenericName } from "./name-cues.ts";
import { findNameSpans, type NameKind, type NameSpan } from "./name-spans.ts";
import type { Sentence } from "./sentences.ts";

export interface ArticleEntities {
  /** People and organisations, most mentioned first. */
  actors: string[];
  /** Places, those in the headline and lead first, then the most mentioned. */
  places: string[];
}

interface Entity {
  name: string;
  /** The full name and every short form that stands for it alone. */
  aliases: string[];
}

/** Headline and lead mentions of a place count this many times over, as they say where the news is. */
const LEAD_PLACE_WEIGHT = 2;

export function findEntities(
  sentences: readonly Sentence[],
  text: { title: string; body: string; lead: string },
): ArticleEntities {
  const spans = findNameSpans(sentences).map(correctWithGazetteer);
  const people = mergeAliases(spans, "person");
  const personWords = new Set(people.flatMap((person) => person.name.split(/\s+/)));
  // compromise tags some surnames as cities ("Catarina Mendes Albuquerque").
  const places = mergeAliases(spans, "place").filter((place) => !personWords.has(place.name));
  // A name also used as a place ("Japan") is the place.
  const placeNames = new Set(places.map((place) => place.name));
  const actors = [...people, ...mergeAliases(spans, "organization")].filter(
    (actor) => !placeNames.has(actor.name) && !isNoise(actor, people, text.body),
  );
  const texts = { title: indexWords(text.title), body: indexWords(text.body) };
  const headlineAndLead = indexWords(`${text.title}\n${text.lead}`);
  return {
    actors: rank(actors, (entity) => mentions(entity, texts.body), texts),
    places: rank(
      places,
      (entity) => mentions(entity, texts.body) + LEAD_PLACE_WEIGHT * mentions(entity, headlineAndLead),
      texts,
    ),
  };
}

/**
 * Names that are not actors: a lone given name or initial that never comes with a surname ("George"
 * of "Prince George", "J."), and an acronym the text uses as a plain word ("mobile ID", "IT teams",
 * "DNA analysis", "NZ$38") rather than as an organisation.
 */
function isNoise(actor: Entity, people: readonly Entity[], body: string): boolean {
  if (/^(?:\p{Lu}\.\s?){1,3}$/u.test(actor.name)) return true;
  if (isAcronym(actor.name)) return !actsAsOrganisation(actor.name, body);
  return !/\s/u.test(actor.name) && people.includes(actor);
}

const isAcronym = (name: string) => /^\p{Lu}{2,6}$/u.test(name);

/**
 * "the EU", "the agency, AEMET, has", "NATO said", "UNICEF's": an acronym in one of the places an
 * organisation's name stands. "the NZ$38 million" is a currency, not one.
 */
function actsAsOrganisation(acronym: string, body: string): boolean {
  const positions = [
    String.raw`\bthe ${acronym}\b(?![$\d-])`,
    String.raw`,\s${acronym},`,
    String.raw`\b${acronym}['’]s\b`,
    String.raw`\b(?:by|from|with|told|at) ${acronym}\b(?![$\d-])`,
    String.raw`\b${acronym} (?:said|says|has|have|had|will|would|is|was|announced|warned|added)\b`,
  ];
  return new RegExp(positions.join("|"), "u").test(body);
}

/**
 * A one-word "person" or "organisation" that the gazetteer knows as a country or large city
 * ("Santiago said" in a Chilean story, "the US") is the place: cues alone cannot tell them apart.
 */
function correctWithGazetteer(span: NameSpan): NameSpan {
  return span.kind !== "place" && !/\s/u.test(span.text) && isWellKnownPlace(span.text)
    ? { ...span, kind: "place" }
    : span;
}

/**
 * One entity per distinct full name of this kind. A shorter name inside exactly one longer name
 * becomes its alias; inside several it is ambiguous and dropped. A person's surname is an alias
 * when no other person shares it ("Doorn said" is Marieke Doorn).
 */
function mergeAliases(spans: readonly NameSpan[], kind: NameKind): Entity[] {
  const names = [...new Set(spans.filter((span) => span.kind === kind).map((span) => span.text))].sort(
    (a, b) => wordCount(b) - wordCount(a),
  );
  const entities: Entity[] = [];
  for (const name of names) {
    const containers = entities.filter((entity) => containsWords(entity.name, name));
    const [container] = containers;
    if (container && containers.length === 1) container.aliases.push(name);
    else if (containers.length === 0 && !isGenericName(name)) entities.push({ name, aliases: [name] });
  }
  if (kind === "person") addSurnames(entities);
  if (kind === "organization") return mergeAcronyms(entities);
  return entities;
}

/** "EU" next to "European Union": an acronym of another name's initials is that name's short form. */
function mergeAcronyms(organisations: Entity[]): Entity[] {
  const initials = (name: string) =>
    name
      .split(/\s+/)
      .filter((word) => /^\p{Lu}/u.test(word))
      .map((word) => word[0])
      .join("");
  return organisations.filter((acronym) => {
    if (!/^\p{Lu}{2,6}$/u.test(acronym.name)) return true;
    const full = organisations.find(
      (other) => other !== acronym && /\s/u.test(other.name) && initials(other.name) === acronym.name,
    );
    if (full) full.aliases.push(...acronym.aliases);
    return !full;
  });
}

function addSurnames(people: Entity[]): void {
  // split always gives at least one word (an empty name gives "").
  const surnameOf = (person: Entity) => person.name.split(/\s+/).at(-1) ?? "";
  for (const person of people) {
    const surname = surnameOf(person);
    const shared = people.some((other) => other !== person && surnameOf(other) === surname);
    if (wordCount(person.name) > 1 && surname.length >= 3 && !shared && !person.aliases.includes(surname))
      person.aliases.push(surname);
  }
}

/** Ordered by score, then by first mention, then by name so equal inputs give equal output. */
function rank(
  entities: readonly Entity[],
  score: (entity: Entity) => number,
  text: { title: WordIndex; body: WordIndex },
): string[] {
  return entities
    .map((entity) => ({ name: entity.name, score: score(entity), first: firstMention(entity, text) }))
    .sort((a, b) => b.score - a.score || a.first - b.first || (a.name < b.name ? -1 : 1))
    .map((entity) => entity.name);
}

/**
 * A text's words and where each occurs, so that counting a name's mentions is a lookup rather than
 * a scan of the whole article per name.
 */
interface WordIndex {
  words: string[];
  positions: Map<string, number[]>;
}

const WORD = /[\p{L}\p{N}]+/gu;

function indexWords(text: string): WordIndex {
  const words = text.match(WORD) ?? [];
  const positions = new Map<string, number[]>();
  words.forEach((word, i) => {
    const list = positions.get(word);
    if (list) list.push(i);
    else positions.set(word, [i]);
  });
  return { words, positions };
}

/** Word positions where the phrase occurs as whole words ("Doorn" does not occur in "Doorne"). */
function occurrences(phrase: string, text: WordIndex): number[] {
  const [first, ...rest] = phrase.match(WORD) ?? [];
  if (first === undefined) return [];
  return (text.positions.get(first) ?? []).filter((at) => rest.every((word, k) => text.words[at + 1 + k] === word));
}

/** Mentions of the entity: its most frequent form (a short form also occurs inside each full one). */
function mentions(entity: Entity, text: WordIndex): number {
  return Math.max(...entity.aliases.map((alias) => occurrences(alias, text).length));
}

/** Word position of the first mention, the headline's words counted before the body's. */
function firstMention(entity: Entity, text: { title: WordIndex; body: WordIndex }): number {
  const inTitle = entity.aliases.map((alias) => occurrences(alias, text.title)[0]).filter((at) => at !== undefined);
  if (inTitle.length > 0) return Math.min(...inTitle);
  const inBody = entity.aliases.map((alias) => occurrences(alias, text.body)[0]).filter((at) => at !== undefined);
  return inBody.length > 0 ? text.title.words.length + Math.min(...inBody) : Number.MAX_SAFE_INTEGER;
}

const wordCount = (name: string) => name.split(/\s+/).length;

/** Whether `part`'s words appear, in order and together, among `whole`'s. */
function containsWords(whole: string, part: string): boolean {
  return ` ${whole} `.includes(` ${part} `);
}
