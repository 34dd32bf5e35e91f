// A stand-in for the articles API in UI tests: GET /api/articles (and category feeds) page through
// `articles` as the server does; any other path can be answered by `routes`. Every URL asked for
// is recorded.

import type { Article, FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { vi } from "vitest";
import { testArticle } from "./testArticle.ts";

export type StubReply = readonly [status: number, body: unknown];

export interface ArticleApiStub {
  /** The feed's articles, newest first; tests may replace it to simulate new arrivals. */
  articles: Article[];
  /** Extra answers keyed by path (no query), e.g. "/api/articles/a1". */
  routes: Record<string, StubReply | ((url: URL, init: RequestInit) => StubReply)>;
  /** Paths whose next request fails as if the server were unreachable. */
  unreachable: Set<string>;
  requests: URL[];
}

/** `count` distinct articles, newest first, with ids and titles numbered from `from`. */
export function numberedArticles(count: number, from = 1): Article[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return testArticle({
      id: `a${n}`,
      title: `Story number ${n}`,
      sourcedTime: Math.floor(Date.now() / 1000) - n * 60,
    });
  });
}

export function stubArticleApi(articles: Article[] = []): ArticleApiStub {
  const stub: ArticleApiStub = {
    articles,
    routes: { "/api/articles/events": [200, []], "/api/votes/counts/batch": noVotes },
    unreachable: new Set(),
    requests: [],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      stub.requests.push(url);
      if (stub.unreachable.has(url.pathname)) throw new TypeError("Failed to fetch");
      const route = stub.routes[url.pathname];
      const [status, body] = route
        ? typeof route === "function"
          ? route(url, init)
          : route
        : feedPage(stub.articles, url);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return stub;
}

/** The cards' vote counts: none yet (tests about voting serve their own). */
function noVotes(_url: URL, init: RequestInit): StubReply {
  const { articleIds } = JSON.parse(String(init.body)) as { articleIds: string[] };
  return [
    200,
    { success: true, results: articleIds.map((articleId) => ({ articleId, success: true, upvotes: 0, downvotes: 0 })) },
  ];
}

function feedPage(articles: Article[], url: URL): StubReply {
  if (!/^\/api\/articles(\/category\/\w+)?$/.test(url.pathname)) return [404, { success: false, error: "Not found" }];
  const page = Number(url.searchParams.get("page") ?? 1);
  const limit = Number(url.searchParams.get("limit") ?? 20);
  const body: FeedResponse = {
    success: true,
    data: articles.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, hasNext: page * limit < articles.length },
  };
  return [200, body];
}

/** The feed page numbers requested so far, in order. */
export const feedPagesRequested = (stub: ArticleApiStub) =>
  stub.requests.filter((url) => url.pathname === "/api/articles").map((url) => Number(url.searchParams.get("page")));
