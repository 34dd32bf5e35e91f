// The feed of a page's first HTML, which may come from the gateway's cache and be up to 90 s old
// (ADR 020): when the browser takes the page over, the list stays the one the reader is looking at,
// however old, and newer stories arrive as auto-refresh and Refresh bring them (they say how many).
import { render, screen, waitFor } from "@testing-library/react";
import { AppToaster, AuthProvider, PageSWRConfig, seedPageCache } from "@unbiased/web-shared";
import type { FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { feedPagesKey } from "../cache/feedQuery.ts";
import { feedPagesRequested, numberedArticles, stubArticleApi } from "../test/stubArticleApi.ts";
import { FeedPage } from "./FeedPage.tsx";

const renderFeed = () =>
  render(
    <PageSWRConfig>
      <AuthProvider>
        <MemoryRouter initialEntries={["/"]}>
          <Routes>
            <Route path="/" element={<FeedPage />} />
          </Routes>
          <AppToaster />
        </MemoryRouter>
      </AuthProvider>
    </PageSWRConfig>,
  );

describe("a feed from the page's first HTML", () => {
  it("keeps the page's list when the page is older than the cache's 30 s, though newer stories exist", async () => {
    const onPage = numberedArticles(20, 10);
    const firstPage: FeedResponse = { success: true, data: onPage, pagination: { page: 1, limit: 20, hasNext: true } };
    // Rendered 80 s ago (a cached page); since then, three stories arrived.
    seedPageCache({ [feedPagesKey({ feed: "latest", sort: "date", period: "7d" })]: [firstPage] }, Date.now() - 80_000);
    const api = stubArticleApi([...numberedArticles(3, 1), ...numberedArticles(40, 10)]);
    renderFeed();
    expect(await screen.findByRole("link", { name: "Story number 10" })).toBeTruthy();
    // Give SWR every chance to ask again on mount: it must not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(feedPagesRequested(api)).toEqual([]);
    expect(screen.queryByRole("link", { name: "Story number 1" })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(20));
  });
});
