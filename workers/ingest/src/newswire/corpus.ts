// The sample corpus (workers/ingest/sample-corpus: original, fictional articles written for this project)
// as the local newswire serves it. Bundled into this worker only; served only in development.
import business from "../../sample-corpus/business.json" with { type: "json" };
import politics from "../../sample-corpus/politics.json" with { type: "json" };
import science from "../../sample-corpus/science.json" with { type: "json" };
import tech from "../../sample-corpus/tech.json" with { type: "json" };
import world from "../../sample-corpus/world.json" with { type: "json" };

export interface NewswireArticle {
  key: string;
  title: string;
  /** The fictional publisher, shown as the page's site name. */
  source: string;
  /** The publisher's URL: the page's canonical link. */
  url: string;
  author: string;
  category: string;
  /** How long before "now" the article is dated, so the sample never ages. */
  hoursAgo: number;
  /** Ground truth for event clustering: articles of one story share it. */
  story?: string | null;
  /** Paragraphs separated by blank lines. */
  body: string;
}

export const NEWSWIRE_ARTICLES: readonly NewswireArticle[] = [business, politics, science, tech, world].flatMap(
  (file) => file.articles,
);

export const findNewswireArticle = (key: string) => NEWSWIRE_ARTICLES.find((article) => article.key === key) ?? null;

/**
 * One standalone article the feed leaves out: it reaches the product only when someone submits its
 * page, so the Submit URL flow can be tried (and tested) end to end with a story that is really new.
 */
export const SUBMISSION_ONLY_KEY = "world-ulaanbaatar-coal-stove-exchange";
export const NEWSWIRE_FEED_ARTICLES: readonly NewswireArticle[] = NEWSWIRE_ARTICLES.filter(
  (article) => article.key !== SUBMISSION_ONLY_KEY,
);
