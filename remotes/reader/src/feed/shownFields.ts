// What a list shows of each article: a feed's card (ArticleCard) and a search result (SearchResultItem).
// A page's first HTML seeds its lists with these fields only (server/pageData.ts): the summaries a card
// never shows were three quarters of the inline data of / (about 33 KB of 44 KB). The components take
// these types, so a card that starts using another field fails to type-check until it is listed here.
import type { Article, SearchResult } from "@unbiased/worker-shared/contracts/articles";

export const CARD_FIELDS = [
  "id",
  "title",
  "domain",
  "sourcedTime",
  "thumbnailUrl",
  "imageAttribution",
  "categories",
  "tldr",
] as const satisfies readonly (keyof Article)[];

export type CardArticle = Pick<Article, (typeof CARD_FIELDS)[number]>;

export const SEARCH_RESULT_FIELDS = [
  "id",
  "title",
  "domain",
  "sourcedTime",
  "highlights",
] as const satisfies readonly (keyof SearchResult)[];

export type ShownSearchResult = Pick<SearchResult, (typeof SEARCH_RESULT_FIELDS)[number]>;
