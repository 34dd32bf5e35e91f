import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { feedPagesRequested, numberedArticles, stubArticleApi } from "../test/stubArticleApi.ts";
import { FeedPage } from "./FeedPage.tsx";

function renderFeed(path = "/") {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<FeedPage />} />
            <Route path="/category/:category" element={<FeedPage />} />
          </Routes>
          <AppToaster />
        </MemoryRouter>
      </AuthProvider>
    </SWRConfig>,
  );
}

const cards = () => screen.queryAllByRole("article");
const loadMoreButton = () => screen.queryByRole("link", { name: "Load More" });
/** Load More, once the previous load has finished (it reads "Loading…" until then). */
const clickLoadMore = async () => fireEvent.click(await screen.findByRole("link", { name: "Load More" }));

async function shows(count: number) {
  await waitFor(() => expect(cards()).toHaveLength(count));
}

afterEach(() => vi.useRealTimers());

describe("the feed", () => {
  it("shows Events only once the feed has come, so stories never arrive above them", async () => {
    const api = stubArticleApi(numberedArticles(20));
    const event = {
      id: "event-1",
      title: "Flood shelters open",
      main_tldr: "Shelters opened across the region.",
      start_date: "2026-11-20T00:00:00.000Z",
      end_date: "2026-11-21T00:00:00.000Z",
      articles: [],
    };
    api.routes["/api/articles/events"] = [200, [event]];
    const answer = globalThis.fetch;
    let releaseFeed = () => {};
    const feedHeld = new Promise<void>((resolve) => (releaseFeed = resolve));
    vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
      if (new URL(input, "http://localhost").pathname === "/api/articles") await feedHeld;
      return answer(input, init);
    });
    renderFeed();
    // Long enough for an events answer to render, had it been asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole("heading", { name: "Events" })).toBeNull();
    releaseFeed();
    await shows(20);
    expect(await screen.findByRole("heading", { name: "Events" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Flood shelters open" })).toBeTruthy();
  });

  it("shows the first 20 articles, then Load More pages on to 100 and stops there", async () => {
    const api = stubArticleApi(numberedArticles(108));
    renderFeed();
    await shows(20);
    for (const expected of [40, 60, 80, 100]) {
      await clickLoadMore();
      await shows(expected);
    }
    expect(loadMoreButton()).toBeNull();
    expect(screen.getByText(/That is the first 100 articles/)).toBeTruthy();
    expect(feedPagesRequested(api)).toEqual([1, 2, 3, 4, 5]);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("feedSettings:latest")!)).toEqual({ sort: "date", period: "7d", page: 5 }),
    );
    // 100 cards, each with its vote buttons, on a shared two-core machine: more than vitest's default 5 s.
  }, 20_000);

  it("hides Load More when the server has no next page", async () => {
    stubArticleApi(numberedArticles(25));
    renderFeed();
    await shows(20);
    await clickLoadMore();
    await shows(25);
    expect(loadMoreButton()).toBeNull();
    expect(screen.getByText("You are all caught up.")).toBeTruthy();
  });

  it("loads the next page when the bottom marker scrolls into view", async () => {
    let reportVisible: (() => void) | undefined;
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          reportVisible = () => callback([{ isIntersecting: true }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    stubArticleApi(numberedArticles(108));
    renderFeed();
    await shows(20);
    act(() => reportVisible!());
    await shows(40);
  });

  it("restores the saved sort, period and number of pages", async () => {
    localStorage.setItem("feedSettings:latest", JSON.stringify({ sort: "popularity", period: "all", page: 2 }));
    const api = stubArticleApi(numberedArticles(108));
    renderFeed();
    await shows(40);
    expect((screen.getByLabelText("Sort") as HTMLSelectElement).value).toBe("popularity");
    expect((screen.getByLabelText("Period") as HTMLSelectElement).value).toBe("all");
    expect(
      api.requests.every((url) => url.pathname !== "/api/articles" || url.searchParams.get("sort") === "popularity"),
    ).toBe(true);
  });

  it("goes back to page 1 and saves the choice when the sort or period changes", async () => {
    const api = stubArticleApi(numberedArticles(108));
    renderFeed();
    await shows(20);
    await clickLoadMore();
    await shows(40);
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "30d" } });
    await shows(20);
    expect(api.requests.at(-1)!.searchParams.get("period")).toBe("30d");
    expect(api.requests.at(-1)!.searchParams.get("page")).toBe("1");
    expect(JSON.parse(localStorage.getItem("feedSettings:latest")!)).toEqual({ sort: "date", period: "30d", page: 1 });
  });

  it("says 'Failed to refresh articles' and keeps the list when Refresh fails", async () => {
    const api = stubArticleApi(numberedArticles(30));
    renderFeed();
    await shows(20);
    api.unreachable.add("/api/articles");
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Failed to refresh articles")).toBeTruthy();
    expect(cards()).toHaveLength(20);
  });

  it("shows 'Failed to load articles' with Retry when the first load fails", async () => {
    const api = stubArticleApi(numberedArticles(5));
    api.unreachable.add("/api/articles");
    renderFeed();
    expect(await screen.findByText("Failed to load articles")).toBeTruthy();
    api.unreachable.clear();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await shows(5);
  });

  it("says so when the feed is empty", async () => {
    stubArticleApi([]);
    renderFeed();
    expect(await screen.findByText("No articles here yet.")).toBeTruthy();
  });

  it("titles a category feed with its emoji and label, without auto-refresh", async () => {
    stubArticleApi(numberedArticles(3));
    renderFeed("/category/tech");
    expect(screen.getByRole("heading", { level: 1, name: "💻 Tech" })).toBeTruthy();
    await shows(3);
    expect(screen.queryByRole("switch", { name: "Auto-refresh" })).toBeNull();
  });
});

describe("auto-refresh", () => {
  // Only the interval is faked: SWR's own timers keep running in real time.
  const fakeInterval = () => vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });

  it("every 30 s replaces the list when new articles arrive and says how many", async () => {
    fakeInterval();
    const api = stubArticleApi(numberedArticles(60));
    renderFeed();
    await shows(20);
    await clickLoadMore();
    await shows(40);

    api.articles = [...numberedArticles(3, 201), ...api.articles];
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText("3 new article(s) loaded")).toBeTruthy();
    await shows(20);
    expect(screen.getByRole("link", { name: "Story number 201" })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem("feedSettings:latest")!).page).toBe(1));
  });

  it("leaves the list alone when nothing is new", async () => {
    fakeInterval();
    const api = stubArticleApi(numberedArticles(60));
    renderFeed();
    await shows(20);
    await clickLoadMore();
    await shows(40);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(feedPagesRequested(api)).toEqual([1, 2, 1]));
    expect(cards()).toHaveLength(40);
  });

  it("does not run with another sort, or when switched off", async () => {
    fakeInterval();
    const api = stubArticleApi(numberedArticles(60));
    renderFeed();
    await shows(20);
    const toggle = screen.getByRole("switch", { name: "Auto-refresh" }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(feedPagesRequested(api)).toEqual([1]);

    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "popularity" } });
    await shows(20);
    expect(toggle.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(feedPagesRequested(api)).toEqual([1, 1]);
  });
});
