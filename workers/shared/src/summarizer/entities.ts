// Ranks the names found in an article: the people and organisations it is about (who) and the
// places it happens in (where). Short forms ("Rojas", "the Commission") count towards the full
// name they stand for.
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

export function findEntities(sentences: readonly Sentence[], text: { title: string; body: string; lead: string }): ArticleEntities {
  const spans = findNameSpans(sentences);
  const people = mergeAliases(spans, "person");
  const personWords = new Set(people.flatMap((person) => person.name.split(/\s+/)));
  // compromise tags some surnames as cities ("Catarina Mendes Albuquerque").
  const places = mergeAliases(spans, "place").filter((place) => !personWords.has(place.name));
  // A name also used as a place ("Japan") is the place.
  const placeNames = new Set(places.map((place) => place.name));
  const actors = [...people, ...mergeAliases(spans, "organization")].filter((actor) => !placeNames.has(actor.name));
  const all = `${text.title}\n${text.body}`;
  const headlineAndLead = `${text.title}\n${text.lead}`;
  return {
    actors: rank(actors, (entity) => mentions(entity, text.body), all),
    places: rank(places, (entity) => mentions(entity, text.body) + LEAD_PLACE_WEIGHT * mentions(entity, headlineAndLead), all),
  };
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
    if (containers.length === 1) containers[0]!.aliases.push(name);
    else if (containers.length === 0 && !isGenericName(name)) entities.push({ name, aliases: [name] });
  }
  if (kind === "person") addSurnames(entities);
  return entities;
}

function addSurnames(people: Entity[]): void {
  const surnameOf = (person: Entity) => person.name.split(/\s+/).at(-1)!;
  for (const person of people) {
    const surname = surnameOf(person);
    const shared = people.some((other) => other !== person && surnameOf(other) === surname);
    if (wordCount(person.name) > 1 && surname.length >= 3 && !shared && !person.aliases.includes(surname)) person.aliases.push(surname);
  }
}

/** Ordered by score, then by first mention, then by name so equal inputs give equal output. */
function rank(entities: readonly Entity[], score: (entity: Entity) => number, text: string): string[] {
  return entities
    .map((entity) => ({ name: entity.name, score: score(entity), first: firstMention(entity, text) }))
    .sort((a, b) => b.score - a.score || a.first - b.first || (a.name < b.name ? -1 : 1))
    .map((entity) => entity.name);
}

/** Mentions of the entity: its most frequent form (a short form also occurs inside each full one). */
function mentions(entity: Entity, text: string): number {
  return Math.max(...entity.aliases.map((alias) => text.match(wholeWords(alias))?.length ?? 0));
}

function firstMention(entity: Entity, text: string): number {
  const positions = entity.aliases.map((alias) => text.search(wholeWords(alias))).filter((at) => at >= 0);
  return positions.length > 0 ? Math.min(...positions) : Number.MAX_SAFE_INTEGER;
}

const wholeWords = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, "gu");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordCount = (name: string) => name.split(/\s+/).length;

/** Whether `part`'s words appear, in order and together, among `whole`'s. */
function containsWords(whole: string, part: string): boolean {
  return ` ${whole} `.includes(` ${part} `);
}
