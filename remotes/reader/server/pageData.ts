// Which API answers the reader's server rendering of a page needs, under the SWR keys the reader's
// hooks read them by: the reader's own key and URL functions, so which keys a page needs stays the
// reader's knowledge (docs/decisions/016-fragments.md); the gateway only answers the calls.

import { findCategory, serializeKey } from "@unbiased/web-shared";
import { DEFAULT_PERIOD, DEFAULT_SORT } from "@unbiased/worker-shared/contracts/articles";
import { COMMENT_COUNTS_BATCH_MAX } from "@unbiased/worker-shared/contracts/comments";
import { outletDomain } from "@unbiased/worker-shared/contracts/outlets";
import { matchReaderPage, type ReaderPage } from "@unbiased/worker-shared/contracts/page";
import { type CountsBatchResponse, MAX_BATCH_IDS } from "@unbiased/worker-shared/contracts/votes";
import { relatedStoriesUrl } from "../src/article/useRelatedStories.ts";
import { type FeedName, feedPagesKey, feedUrl, outletFeed } from "../src/cache/feedQuery.ts";
import { eventDetailUrl } from "../src/events/useEventDetail.ts";
import { pageCountFromSearch } from "../src/feed/feedSettings.ts";
import { CARD_FIELDS, SEARCH_RESULT_FIELDS } from "../src/feed/shownFields.ts";
import { moderationLogUrl } from "../src/moderation/moderationLogQuery.ts";
import { parsePage, searchUrl } from "../src/search/searchQuery.ts";
import { articleVotesKey } from "../src/votes/voteCache.ts";

/** How an answer becomes the SWR entry: a feed keeps a list of pages, an article its `data`. */
export type DataShape = "pages" | "data" | "body";

export interface DataRequest {
  key: string;
  /** The gateway's own API path to ask. */
  path: string;
  shape: DataShape;
  /** For a feed ("pages"): the paths of its pages after the first, in order (`?page=N`). */
  morePaths?: string[];
  /**
   * Whether the articles in its answer show their vote and comment counts (cards, an article), whose
   * counts then come with the page. The events strip names articles without counts, and its events'
   * own ids are not articles: asking for them cost a second batch call of each kind on every feed page.
   */
  withCounts: boolean;
  /**
   * For a list (a feed's pages, search results): the fields of each item that the page shows. The
   * rest (the summaries, most of an answer's bytes) stays out of the page's inline data.
   */
  shownFields?: readonly string[];
  /**
   * A part of the page it can show without (the article's side column): a failure leaves its entry
   * out and the page is not kept, instead of leaving the whole page to the browser.
   */
  optional?: boolean;
}

const EVENTS: DataRequest = {
  key: "/api/articles/events",
  path: "/api/articles/events",
  shape: "body",
  withCounts: false,
};

/** The pages rendered on the server (those with a data plan below); each names its first-screen assets. */
export type PageKind = ReaderPage;

export interface PagePlan {
  kind: PageKind;
  requests: DataRequest[];
}

type PlanFor = (params: Record<string, string>, query: URLSearchParams) => Omit<PagePlan, "kind"> | null;

/**
 * Each page of the table (READER_PAGES) and the data its server rendering needs; null: rendered in the
 * browser only (sign-in, profile, static pages). A `Record` over the page names: a new page must say.
 */
const DATA_PLANS: Record<ReaderPage, PlanFor | null> = {
  feed: (params, query) => {
    // Load More's link asks for N pages (`?page=N`, feedSettings.ts).
    const pages = pageCountFromSearch(`?${query}`) ?? 1;
    if (params.category === undefined) return { requests: [feedRequest("latest", pages), EVENTS] };
    const found = findCategory(params.category);
    return found ? { requests: [feedRequest(found.slug, pages), EVENTS] } : null;
  },
  // An unknown outlet's feed answers 404, which becomes the page's status, as an article's does.
  // What is no domain at all asks the API as written, so the page's status is its 404 too.
  source: (params, query) => {
    const given = params.domain ?? "";
    const domain = outletDomain(given);
    const pages = pageCountFromSearch(`?${query}`) ?? 1;
    return { requests: [feedRequest(outletFeed(domain ?? encodeURIComponent(given)), pages)] };
  },
  // The article, and what its page shows beside it (the same story elsewhere, more from its outlet).
  article: (params) => {
    const path = `/api/articles/${encodeURIComponent(params.id ?? "")}`;
    const related = relatedStoriesUrl(params.id ?? "");
    return {
      requests: [
        { key: path, path, shape: "data", withCounts: true },
        { key: related, path: related, shape: "data", withCounts: false, optional: true },
      ],
    };
  },
  search: (_, query) => {
    const text = (query.get("q") ?? "").trim();
    if (!text) return { requests: [] };
    const path = searchUrl(text, parsePage(query.get("page")));
    return { requests: [{ key: path, path, shape: "body", withCounts: true, shownFields: SEARCH_RESULT_FIELDS }] };
  },
  moderation: (_, query) => {
    const path = moderationLogUrl(parsePage(query.get("page")));
    return { requests: [{ key: path, path, shape: "body", withCounts: false }] };
  },
  // A missing event answers 404, which becomes the page's status (loadData.ts), as an article's does.
  event: (params) => {
    const path = eventDetailUrl(params.id ?? "");
    return { requests: [{ key: path, path, shape: "data", withCounts: false }] };
  },
  login: null,
  profile: null,
  saved: null,
  inbox: null,
  googleCallback: null,
  privacy: null,
  terms: null,
};

/** null: the page is not rendered on the server (sign-in, profile, static pages, unknown paths). */
export function pageDataRequests(url: string): PagePlan | null {
  const { pathname, searchParams } = new URL(url, "http://x");
  const match = matchReaderPage(pathname);
  const planFor = match ? DATA_PLANS[match.page] : null;
  const plan = match && planFor ? planFor(match.params, searchParams) : null;
  return match && plan ? { kind: match.page, ...plan } : null;
}

/** A feed as a first-time visitor sees it: the default sort and period, pages 1…`pages`. */
function feedRequest(feed: FeedName, pages: number): DataRequest {
  const selection = { feed, sort: DEFAULT_SORT, period: DEFAULT_PERIOD };
  const morePaths = Array.from({ length: pages - 1 }, (_, index) => feedUrl({ ...selection, page: index + 2 }));
  return {
    key: feedPagesKey(selection),
    path: feedUrl({ ...selection, page: 1 }),
    shape: "pages",
    morePaths,
    withCounts: true,
    shownFields: CARD_FIELDS,
  };
}

/** Counts as SWR entries, and whether every batch call was answered (else the page is not cached). */
export interface CountData {
  entries: Record<string, unknown>;
  complete: boolean;
}

/** The gateway's API, for a POST the page's data needs (the vote counts' batch call). */
export type PostJson = (path: string, body: unknown) => Promise<unknown>;

/**
 * The vote counts of the articles the page shows, under the keys the cards' vote buttons read for a
 * signed-out reader (everyone, in the first HTML: a signed-in reader's own votes arrive after).
 * One call of the gateway's recorded-counts route per MAX_BATCH_IDS ids (one D1 read, about a
 * second behind the vote objects, for a page that is cached for up to 90 s anyway); a failure
 * leaves the counts out (the buttons then load them as they always did).
 */
export async function voteCountData(ids: readonly string[], post: PostJson): Promise<CountData> {
  const entries: [string, unknown][] = [];
  let complete = true;
  for (let start = 0; start < ids.length; start += MAX_BATCH_IDS) {
    const articleIds = ids.slice(start, start + MAX_BATCH_IDS);
    try {
      const response = (await post("/api/votes/counts/recorded", { articleIds })) as CountsBatchResponse;
      for (const result of response.results)
        if (result.success)
          entries.push([
            articleVotesKey(result.articleId, null),
            { upvotes: result.upvotes, downvotes: result.downvotes, userVote: "none" },
          ]);
    } catch {
      // Counts left out: the buttons fetch them.
      complete = false;
    }
  }
  return { entries: Object.fromEntries(entries), complete };
}

/** The articles whose counts the page shows: those of its requests `withCounts`, each once. */
export function countedArticleIds(requests: readonly DataRequest[], data: Record<string, unknown>): string[] {
  const counted = requests.filter((request) => request.withCounts).map((request) => data[request.key]);
  return [...new Set(counted.flatMap(articleIdsIn))];
}

/** Article ids in a seeded value: a feed's pages, a search page, an article. */
function articleIdsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(articleIdsIn);
  if (value === null || typeof value !== "object") return [];
  const record = value as { id?: unknown; title?: unknown; data?: unknown };
  if (Array.isArray(record.data)) return record.data.flatMap(articleIdsIn);
  return typeof record.id === "string" && typeof record.title === "string" ? [record.id] : [];
}

/**
 * The comment counts of the articles the page shows, under the (serialized) key the cards' and the
 * article page's count links read. A failure leaves them out (the links load them as before).
 */
export async function commentCountData(ids: readonly string[], post: PostJson): Promise<CountData> {
  const entries: [string, unknown][] = [];
  let complete = true;
  for (let start = 0; start < ids.length; start += COMMENT_COUNTS_BATCH_MAX) {
    const articleIds = ids.slice(start, start + COMMENT_COUNTS_BATCH_MAX);
    try {
      const response = (await post("/api/comments/article/counts/batch", { articleIds })) as {
        data: { results: { articleId: string; commentCount: number }[] };
      };
      for (const result of response.data.results)
        entries.push([serializeKey(["comment-count", result.articleId]), result.commentCount]);
    } catch {
      // Counts left out: the links fetch them.
      complete = false;
    }
  }
  return { entries: Object.fromEntries(entries), complete };
}
