import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it, vi } from "vitest";
import type { FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { ArticleList } from "./ArticleList.tsx";
import { DEFAULT_FEED_QUERY, feedUrl, type FeedQuery } from "./feedQuery.ts";
import { testArticle } from "./testArticle.ts";

const query: FeedQuery = { ...DEFAULT_FEED_QUERY, category: "latest" };

function renderList(fallback: Record<string, FeedResponse> = {}) {
  render(
    <SWRConfig value={{ provider: () => new Map(), fallback, revalidateOnMount: false }}>
      <MemoryRouter>
        <ArticleList query={query} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("feedUrl", () => {
  it("asks for page 1 of 20 by date over 7 days (spec §9 defaults)", () => {
    expect(feedUrl(query)).toBe("/api/articles?page=1&limit=20&sort=date&period=7d");
    expect(feedUrl({ ...query, category: "tech" })).toBe("/api/articles/category/tech?page=1&limit=20&sort=date&period=7d");
  });
});

describe("ArticleList", () => {
  it("renders the articles of the feed", () => {
    const articles = [testArticle({ id: "a1", title: "First story" }), testArticle({ id: "a2", title: "Second story" })];
    renderList({ [feedUrl(query)]: { success: true, data: articles, pagination: { page: 1, limit: 20, hasNext: false } } });
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "First story" })).toBeTruthy();
  });

  it("says so when the feed is empty", () => {
    renderList({ [feedUrl(query)]: { success: true, data: [], pagination: { page: 1, limit: 20, hasNext: false } } });
    expect(screen.getByText("No articles here yet.")).toBeTruthy();
  });

  it("shows 'Failed to load articles' with Retry when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          <ArticleList query={query} />
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(screen.getByRole("status")).toBeTruthy(); // the skeleton while loading
    expect(await screen.findByText("Failed to load articles")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
