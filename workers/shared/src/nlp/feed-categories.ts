// Feed labels ("Technology", "World News", "Business > Markets", "Health") mapped to our categories.
// A label may map to two ("Science & Technology"); labels we have no category for (sport,
// entertainment) map to none, and the text classifier decides.
import type { ArticleCategory } from "../contracts/articles.ts";

const LABEL_WORDS: Record<string, ArticleCategory> = {
  technology: "tech",
  tech: "tech",
  internet: "tech",
  gadgets: "tech",
  computing: "tech",
  cybersecurity: "tech",
  ai: "tech",
  politics: "politics",
  political: "politics",
  elections: "politics",
  election: "politics",
  government: "politics",
  congress: "politics",
  parliament: "politics",
  world: "world",
  international: "world",
  global: "world",
  foreign: "world",
  europe: "world",
  asia: "world",
  africa: "world",
  americas: "world",
  "middle east": "world",
  "latin america": "world",
  business: "business",
  economy: "business",
  economics: "business",
  markets: "business",
  finance: "business",
  money: "business",
  companies: "business",
  trade: "business",
  industry: "business",
  science: "science",
  health: "science",
  environment: "science",
  climate: "science",
  space: "science",
  medicine: "science",
  research: "science",
  nature: "science",
};

/** "sci/tech", "Business > Markets", "Science & Technology": labels hold several words or parts. */
const PART_SEPARATORS = /\s*(?:[/>|,;&+]|\band\b)\s*/iu;

export function mapFeedCategories(labels: readonly string[]): ArticleCategory[] {
  const found: ArticleCategory[] = [];
  for (const label of labels) {
    const normalized = label
      .toLowerCase()
      .replace(/\bnews\b/gu, "")
      .replace(/\s+/gu, " ")
      .trim();
    const parts = [normalized, ...normalized.split(PART_SEPARATORS)].map((part) => part.trim()).filter(Boolean);
    for (const part of parts) {
      const category = LABEL_WORDS[part] ?? LABEL_WORDS[part.replace(/^sci$/u, "science")];
      if (category && !found.includes(category)) found.push(category);
    }
  }
  return found;
}
