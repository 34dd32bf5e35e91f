// Where an article happens: the city (and its country) the text names most prominently, resolved
// against a GeoNames gazetteer. Ambiguous names are settled by the countries and US states the text
// also names, then by population ("Paris" is Paris, France unless the text says Texas).
import type { City, Country, Place } from "./gazetteer.ts";
import { findPlaceMentions, type PlaceMention } from "./place-mentions.ts";

export interface ArticleLocation {
  /** Display form: "Rotterdam, Netherlands", or the country alone. */
  location: string | null;
  locationCity: string | null;
  locationCountry: string | null;
}

export interface LocateOptions {
  title?: string;
}

const NOWHERE: ArticleLocation = { location: null, locationCity: null, locationCountry: null };

/** A headline names where the news is; the opening sentences usually do too. */
const TITLE_WEIGHT = 3;
const LEAD_WEIGHT = 2;
const LEAD_SENTENCES = 2;
/** "Dutch" points at the Netherlands more weakly than "the Netherlands" does. */
const DEMONYM_WEIGHT = 0.4;
/** A country inside an organisation's name ("US Senate"), or a city inside its council's, still counts a little. */
const INSIDE_NAME_WEIGHT = 0.5;
/** Evidence for a city's country or US state, against population (log10) when choosing between namesakes. */
const COUNTRY_BONUS = 1.5;
const STATE_BONUS = 3;
/** Above this a person-named city ("Santiago", "Houston") needs no other sign that it is the place meant. */
const WELL_KNOWN_POPULATION = 1_000_000;
/** Least score for a country named only in passing to be the article's location. */
const MIN_COUNTRY_SCORE = 1;

interface WeightedMention {
  mention: PlaceMention;
  weight: number;
}

export function locate(text: string, options: LocateOptions = {}): ArticleLocation {
  const title = options.title ?? "";
  const leadEnd = leadLength(text);
  const mentions: WeightedMention[] = [
    ...findPlaceMentions(title, { titleCase: isTitleCase(title) }).map((mention) => ({
      mention,
      weight: TITLE_WEIGHT,
    })),
    ...findPlaceMentions(text).map((mention) => ({ mention, weight: mention.start < leadEnd ? LEAD_WEIGHT : 1 })),
  ];
  const evidence = collectEvidence(mentions);
  const scores = scorePlaces(mentions, evidence);
  return choose(scores);
}

interface Evidence {
  countries: Map<string, number>;
  usStates: Map<string, number>;
}

const add = (map: Map<string, number>, key: string, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);

/** Which countries and US states the text points at, from the names that need no resolving. */
function collectEvidence(mentions: readonly WeightedMention[]): Evidence {
  const evidence: Evidence = { countries: new Map(), usStates: new Map() };
  for (const { mention, weight } of mentions) {
    for (const place of [...mention.places, ...mention.qualifier]) {
      if (place.kind === "country" && (place.country.otherMeaning === 0 || mention.inPlaceContext))
        add(evidence.countries, place.country.code, weight);
      if (place.kind === "demonym") add(evidence.countries, place.country.code, weight * DEMONYM_WEIGHT);
      if (place.kind === "usState") add(evidence.usStates, place.code, weight);
    }
    const cities = mention.places.filter((place) => place.kind === "city");
    const [only] = cities;
    if (
      only &&
      cities.length === 1 &&
      mention.places.length === 1 &&
      !mention.insideName &&
      only.city.otherMeaning === 0
    ) {
      add(evidence.countries, only.city.country.code, weight / 2);
    }
  }
  if (evidence.usStates.size > 0) add(evidence.countries, "US", 1);
  return evidence;
}

interface Scores {
  countries: Map<string, { country: Country; score: number }>;
  cities: Map<string, { city: City; score: number }>;
}

function scorePlaces(mentions: readonly WeightedMention[], evidence: Evidence): Scores {
  const scores: Scores = { countries: new Map(), cities: new Map() };
  const addCountry = (country: Country, amount: number) => {
    const entry = scores.countries.get(country.code) ?? { country, score: 0 };
    entry.score += amount;
    scores.countries.set(country.code, entry);
  };
  for (const { mention, weight } of mentions) {
    const place = resolve(mention, evidence);
    if (!place) continue;
    if (place.kind === "demonym") addCountry(place.country, weight * DEMONYM_WEIGHT);
    else if (place.kind === "country")
      addCountry(place.country, mention.insideName ? weight * INSIDE_NAME_WEIGHT : weight);
    else if (place.kind === "city") {
      const key = `${place.city.name}|${place.city.country.code}|${place.city.usState}`;
      const entry = scores.cities.get(key) ?? { city: place.city, score: 0 };
      const amount = mention.insideName ? weight * INSIDE_NAME_WEIGHT : weight;
      entry.score += amount;
      scores.cities.set(key, entry);
      addCountry(place.city.country, amount);
    }
  }
  return scores;
}

/** The one place a mention stands for, or none when it is not a place here. */
function resolve(mention: PlaceMention, evidence: Evidence): Place | undefined {
  const qualified = mention.qualifier.length > 0;
  const candidates = qualified
    ? mention.places.filter((place) => matchesQualifier(place, mention.qualifier))
    : mention.places;
  const country = candidates.find((place) => place.kind === "country");
  if (country) {
    // "Jordan" alone may be a person; "in Jordan", or "Jordanian" or "Amman" elsewhere, make it the country.
    const trusted =
      country.country.otherMeaning === 0 || mention.inPlaceContext || evidence.countries.has(country.country.code);
    return trusted && !(mention.insideName && country.country.otherMeaning !== 0) ? country : undefined;
  }
  const demonym = candidates.find((place) => place.kind === "demonym");
  if (demonym) return demonym;
  if (mention.insideName && !mention.insideLocalBody) return undefined;
  const city = bestCity(candidates, evidence);
  if (!city || !isTrustedCity(city, mention, evidence)) return undefined;
  return { kind: "city", city };
}

function matchesQualifier(place: Place, qualifier: readonly Place[]): boolean {
  if (place.kind !== "city") return false;
  return qualifier.some((region) =>
    region.kind === "usState"
      ? place.city.country.code === "US" && place.city.usState === region.code
      : region.kind === "country" && region.country.code === place.city.country.code,
  );
}

function bestCity(candidates: readonly Place[], evidence: Evidence): City | undefined {
  let best: { city: City; score: number } | undefined;
  for (const place of candidates) {
    if (place.kind !== "city") continue;
    const { city } = place;
    const score =
      Math.log10(Math.max(city.population, 1)) +
      (evidence.countries.has(city.country.code) ? COUNTRY_BONUS : 0) +
      (city.usState && evidence.usStates.has(city.usState) ? STATE_BONUS : 0);
    if (!best || score > best.score) best = { city, score };
  }
  return best?.city;
}

/** An everyday word needs a place context; a person's name needs one, its country named, or a large city. */
function isTrustedCity(city: City, mention: PlaceMention, evidence: Evidence): boolean {
  if (mention.inPlaceContext || mention.qualifier.length > 0) return true;
  if (city.otherMeaning === 2) return false;
  if (city.otherMeaning === 1)
    return city.population >= WELL_KNOWN_POPULATION || evidence.countries.has(city.country.code);
  return true;
}

function choose(scores: Scores): ArticleLocation {
  const countries = [...scores.countries.values()].sort((a, b) => b.score - a.score);
  const topCountry = countries[0];
  if (!topCountry) return NOWHERE;
  const countryScore = (code: string) => scores.countries.get(code)?.score ?? 0;
  const cities = [...scores.cities.values()].sort(
    (a, b) =>
      b.score + countryScore(b.city.country.code) / 2 - (a.score + countryScore(a.city.country.code) / 2) ||
      b.city.population - a.city.population,
  );
  // A city counts only if its country is not far behind the country the article is mostly about.
  const city = cities.find((entry) => countryScore(entry.city.country.code) * 2 >= topCountry.score)?.city;
  if (city)
    return {
      location: `${city.name}, ${city.country.name}`,
      locationCity: city.name,
      locationCountry: city.country.name,
    };
  if (topCountry.score < MIN_COUNTRY_SCORE) return NOWHERE;
  return { location: topCountry.country.name, locationCity: null, locationCountry: topCountry.country.name };
}

/** Offset where the opening sentences end. */
function leadLength(text: string): number {
  let end = 0;
  for (let sentence = 0; sentence < LEAD_SENTENCES; sentence++) {
    const next = text.slice(end).search(/[.!?]["”’]?(?:\s|$)/u);
    if (next === -1) return text.length;
    end += next + 1;
  }
  return end;
}

/** "Ferry Service Suspended After Engine Fault": most longer words capitalised. */
function isTitleCase(title: string): boolean {
  const words = title.match(/\p{L}{4,}/gu) ?? [];
  return words.length >= 3 && words.filter((word) => /^\p{Lu}/u.test(word)).length >= words.length * 0.8;
}
