import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { SearchResponse, SearchResult } from "@unbiased/worker-shared/contracts/articles";
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from "@unbiased/worker-shared/contracts/articles";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { LocationDisplay } from "../test/LocationDisplay.tsx";
import { type ArticleApiStub, stubArticleApi } from "../test/stubArticleApi.ts";
import { testArticle } from "../test/testArticle.ts";
import { SearchPage } from "./SearchPage.tsx";

const result = (id: string, title: string, snippet = ""): SearchResult => ({
  ...testArticle({ id, title }),
  highlights: { title, snippet },
});

function answer(api: ArticleApiStub, results: SearchResult[], pagination: Partial<SearchResponse["pagination"]> = {}) {
  api.routes["/api/articles/search/heat"] = (url) => [
    200,
    {
      success: true,
      data: results,
      pagination: {
        page: Number(url.searchParams.get("page")),
        limit: 20,
        totalResults: results.length,
        totalPages: 1,
        totalCapped: false,
        hasNext: false,
        ...pagination,
      },
    },
  ];
}

function renderSearch(path: string) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/search" element={<SearchPage />} />
          <Route path="/news/search" element={<SearchPage />} />
        </Routes>
        <LocationDisplay />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("the search page", () => {
  it("invites a search when there is no query", () => {
    stubArticleApi();
    renderSearch("/search");
    expect(screen.getByText("Start searching")).toBeTruthy();
  });

  it("searches for the trimmed text of the box, and does nothing for a blank one", () => {
    stubArticleApi();
    renderSearch("/news/search");
    const box = screen.getByLabelText("Search terms");
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByTestId("location").textContent).toBe("/news/search");
    fireEvent.change(box, { target: { value: "  heat wave " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByTestId("location").textContent).toBe("/news/search?q=heat+wave");
  });

  it("shows the count and each result with its matches marked", async () => {
    const api = stubArticleApi();
    answer(api, [
      result("a1", `${S}Heat${E} shelters open`, `Libraries become ${S}heat${E} refuges`),
      result("a2", `Record ${S}heat${E}`),
    ]);
    renderSearch("/search?q=heat");
    expect(await screen.findByText("2 results for “heat”")).toBeTruthy();
    const first = screen.getByRole("link", { name: "Heat shelters open" });
    expect(first.getAttribute("href")).toBe("/article/heat-shelters-open/a1");
    expect(first.querySelector("mark")?.textContent).toBe("Heat");
    expect(screen.getByText("refuges", { exact: false }).querySelector("mark")?.textContent).toBe("heat");
  });

  it("renders markup in a title as text", async () => {
    const api = stubArticleApi();
    answer(api, [result("a1", `<img src=x onerror="alert(1)"> ${S}heat${E}`)]);
    renderSearch("/search?q=heat");
    await screen.findByText("1 result for “heat”");
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByRole("link", { name: '<img src=x onerror="alert(1)"> heat' })).toBeTruthy();
  });

  it("says 'No results found', without a pager", async () => {
    const api = stubArticleApi();
    answer(api, []);
    renderSearch("/search?q=heat");
    expect(await screen.findByText("No results found")).toBeTruthy();
    expect(screen.getByText("0 results for “heat”")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Result pages" })).toBeNull();
  });

  it("shows 'Page 1 of 1' when every result fits on one page, with both buttons disabled", async () => {
    const api = stubArticleApi();
    answer(api, [result("a1", "Heat"), result("a2", "More heat")]);
    renderSearch("/search?q=heat");
    const pager = await screen.findByRole("navigation", { name: "Result pages" });
    expect(within(pager).getByText("Page 1 of 1")).toBeTruthy();
    for (const name of ["Previous", "Next"])
      expect((within(pager).getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("pages with Previous and Next, showing 'Page X of Y'", async () => {
    const api = stubArticleApi();
    answer(api, [result("a1", "Heat")], { totalResults: 45, totalPages: 3, hasNext: true });
    renderSearch("/search?q=heat&page=2");
    const pager = await screen.findByRole("navigation", { name: "Result pages" });
    expect(within(pager).getByText("Page 2 of 3")).toBeTruthy();
    fireEvent.click(within(pager).getByRole("button", { name: "Next" }));
    expect(screen.getByTestId("location").textContent).toBe("/search?q=heat&page=3");
    await waitFor(() => expect(api.requests.at(-1)!.searchParams.get("page")).toBe("3"));
    fireEvent.click(await screen.findByRole("button", { name: "Previous" }));
    fireEvent.click(await screen.findByRole("button", { name: "Previous" }));
    expect(screen.getByTestId("location").textContent).toBe("/search?q=heat");
    expect(((await screen.findByRole("button", { name: "Previous" })) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says when more articles match than are ranked, and asks for a narrower search", async () => {
    const api = stubArticleApi();
    answer(api, [result("a1", "Heat")], { totalResults: 500, totalPages: 25, totalCapped: true, hasNext: true });
    renderSearch("/search?q=heat");
    expect(await screen.findByText("500+ results for “heat”")).toBeTruthy();
    expect(
      screen.getByText("Showing the 500 most recent matches, best first. Add a word to narrow the search."),
    ).toBeTruthy();
    expect(within(screen.getByRole("navigation", { name: "Result pages" })).getByText("Page 1 of 25")).toBeTruthy();
  });

  it("says 'Search failed' with Try Again when the search cannot be done", async () => {
    const api = stubArticleApi();
    api.unreachable.add("/api/articles/search/heat");
    renderSearch("/search?q=heat");
    expect(await screen.findByText("Search failed")).toBeTruthy();
    expect(screen.getByText("Failed to search articles")).toBeTruthy();
    api.unreachable.clear();
    answer(api, [result("a1", "Heat")]);
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("1 result for “heat”")).toBeTruthy();
  });
});
