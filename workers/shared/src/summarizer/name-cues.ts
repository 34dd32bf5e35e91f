// The words that tell what kind of name a capitalised run is, and where a name starts and ends.

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

// Lower-case words allowed inside a name: "Port of Rotterdam Authority", "Pieter van Aalst".
export const CONNECTORS = words("of for de del da do dos das van von der la le es el al di du des upon");
export const ORGANIZATION_WORDS =
  words(`association authority institute institution council ministry office agency commission parliament
  company bank union university alliance group government party court committee board federation corporation inc ltd department service
  services foundation centre center organisation organization bureau league cooperative trust fund network laboratory laboratories observatory
  airline airlines railways port exchange club assembly senate congress police army navy research analytics capital partners holdings
  equity labs systems technologies`);
// "the dockworkers' union Havenbond Rotterdam", "copper producer Minera Cordillera Norte".
export const ORGANIZATION_NOUNS_BEFORE = words(
  "union company firm group party agency producer maker manufacturer operator retailer lender insurer carrier startup broadcaster regulator developer supplier",
);
export const PLACE_WORDS = words(
  "hill hills sea ocean desert valley peninsula island islands isle river province region coast bay street square mountains lake gulf strait delta county state district basin",
);
// "in Horta", "across Ireland", "the port of Mombasa": a name in such a phrase is a place.
export const PLACE_PREPOSITIONS = words("in at near across outside around throughout");
export const PLACE_NOUNS_BEFORE_OF = words(
  "port city town village province provinces region island state capital outskirts suburbs coast county district centre center",
);
// Titles and articles in front of a name are not part of it: "Mayor Daniel Kourakis" is "Daniel Kourakis".
export const TITLES = words(
  "the a an mayor councillor councilor dr mr mrs ms president minister senator professor prof chief judge governor general sir dame lord lady king queen prince princess pope rev chair chairman chairwoman mediator spokesperson spokesman spokeswoman",
);
// "the Water Services Bill", "the Climate Act": the last word of a law's name.
export const LAW_WORDS = words("bill act treaty directive regulation statute ordinance");
export const SPEECH_VERBS = words("said says told added explained warned wrote argued noted");

/** A one-word name that is only a generic word ("Council", "Street") says nothing on its own. */
export const isGenericName = (name: string) =>
  !/\s/u.test(name) && (ORGANIZATION_WORDS.has(name.toLowerCase()) || PLACE_WORDS.has(name.toLowerCase()));
