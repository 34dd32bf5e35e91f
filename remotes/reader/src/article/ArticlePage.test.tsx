import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AuthProvider } from "@unbiased/web-shared";
import { sampleUser } from "@unbiased/web-shared/test/fakeApi.ts";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { Link, MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it, vi } from "vitest";
import { type ArticleApiStub, stubArticleApi } from "../test/stubArticleApi.ts";
import { testArticle } from "../test/testArticle.ts";
import { ArticleRoute } from "./ArticleRoute.tsx";

const article = testArticle({
  id: "a1",
  sourcedTime: Date.UTC(2026, 4, 1, 12, 0) / 1000,
  summary: {
    who: "Seville city council",
    what: '{"tldr": "74 climate shelters"}',
    when: "",
    where: "Seville, Spain",
    why: "Record heat",
    how: "",
  },
  shortSummary: "Libraries and civic centres open as shelters.",
  detailedSummary: "First paragraph.\n\nSecond paragraph.",
});

function serve(...articles: Article[]): ArticleApiStub {
  const api = stubArticleApi();
  for (const item of articles) api.routes[`/api/articles/${item.id}`] = [200, { success: true, data: item }];
  return api;
}

function signIn(api: ArticleApiStub) {
  localStorage.setItem("token", "t1");
  api.routes["/api/auth/verify"] = [200, { success: true, data: { user: sampleUser("user") } }];
}

function renderArticle(path = "/article/seville/a1") {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Link to="/article/other/a2">Go to the other article</Link>
          <Routes>
            <Route path="/article/:slug/:id" element={<ArticleRoute />} />
            <Route path="/news/article/:slug/:id" element={<ArticleRoute />} />
            <Route path="/article/:id" element={<ArticleRoute />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const heading = () => screen.findByRole("heading", { level: 1, name: article.title });

describe("the article page", () => {
  it("shows the title, source, time in the reader's timezone, location, TLDR and summaries", async () => {
    localStorage.setItem("userTimezone", "Europe/Paris");
    serve(article);
    renderArticle();
    await heading();
    const source = screen.getByRole("link", { name: /Read at civicdispatch\.example/ });
    expect(source.getAttribute("href")).toBe(article.url);
    expect(source.getAttribute("target")).toBe("_blank");
    expect(source.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText(/Friday, May 1, 2026 at 2:00\sPM GMT\+2/)).toBeTruthy();
    expect(screen.getByText("Seville, Spain", { selector: ".article-page__meta span" })).toBeTruthy();
    expect(screen.getByText(article.tldr)).toBeTruthy();
    expect(screen.getByText("Libraries and civic centres open as shelters.")).toBeTruthy();
    expect(screen.getByText("Second paragraph.")).toBeTruthy();
    expect(screen.getByText("Photo: Stock service / A. Photographer")).toBeTruthy();
  });

  it("does not repeat the Summary's sentences In detail", async () => {
    serve({
      ...article,
      detailedSummary: "Libraries and civic centres open as shelters. Volunteers guide older residents.",
    });
    renderArticle();
    await heading();
    expect(screen.getAllByText(/Libraries and civic centres open as shelters\./)).toHaveLength(1);
    const detail = screen.getByRole("region", { name: "In detail" });
    expect(detail.textContent).toBe("In detailVolunteers guide older residents.");
  });

  it("lists all six questions as a definition list, unwrapped, an empty answer as not stated (muted)", async () => {
    serve(article);
    renderArticle();
    await heading();
    const list = document.querySelector("dl")!;
    const terms = [...list.querySelectorAll("dt")].map((term) => term.textContent);
    const answers = [...list.querySelectorAll("dd")];
    expect(terms).toEqual(["Who", "What", "When", "Where", "Why", "How"]);
    expect(answers.map((answer) => answer.textContent)).toEqual([
      "Seville city council",
      "74 climate shelters",
      "Not stated in the article",
      "Seville, Spain",
      "Record heat",
      "Not stated in the article",
    ]);
    const muted = answers.map((answer) => answer.classList.contains("summary-answers__not-stated"));
    expect(muted).toEqual([false, false, true, false, false, true]);
  });

  it("keeps the Why row when the article states no cause", async () => {
    serve(testArticle({ ...article, id: "a2", summary: { ...article.summary, why: "" } }));
    renderArticle("/article/seville/a2");
    await heading();
    const rows = [...document.querySelectorAll(".summary-answers__row")];
    const why = rows.find((row) => row.querySelector("dt")?.textContent === "Why");
    expect(why?.querySelector("dd")?.textContent).toBe("Not stated in the article");
  });

  it("opens at all three addresses", async () => {
    serve(article);
    renderArticle("/news/article/seville/a1");
    await heading();
  });

  it("says 'Article not found' with a way back home for an unknown id", async () => {
    const api = serve();
    api.routes["/api/articles/zzz"] = [404, { success: false, error: "Article not found" }];
    renderArticle("/article/zzz");
    expect(await screen.findByRole("heading", { name: "Article not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("says 'Failed to load article' with Retry when the server cannot be reached", async () => {
    const api = serve(article);
    api.unreachable.add("/api/articles/a1");
    renderArticle();
    expect(await screen.findByText("Failed to load article")).toBeTruthy();
    api.unreachable.clear();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await heading();
  });

  it("starts afresh when another article is opened (no dialog carries over)", async () => {
    serve(article, testArticle({ id: "a2", title: "Rotterdam port reopens" }));
    renderArticle();
    await heading();
    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByRole("dialog", { name: "Share article" })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Go to the other article" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Rotterdam port reopens" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("reporting an article", () => {
  const openReport = async () => {
    await heading();
    fireEvent.click(screen.getByRole("button", { name: "Report" }));
  };

  it("asks an anonymous reader to log in", async () => {
    serve(article);
    renderArticle();
    await openReport();
    const dialog = screen.getByRole("dialog", { name: "Login Required" });
    expect(within(dialog).getByText("Please log in to continue")).toBeTruthy();
  });

  it("validates the reason, sends it, confirms with the spec's alert and closes", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const api = serve(article);
    signIn(api);
    const sent: unknown[] = [];
    api.routes["/api/articles/a1/report"] = (_, init) => {
      sent.push(JSON.parse(String(init.body)));
      return [201, { success: true, data: { reported: true } }];
    };
    renderArticle();
    await heading();
    await waitFor(() => expect(api.requests.some((url) => url.pathname === "/api/auth/verify")).toBe(true));
    await openReport();
    const dialog = await screen.findByRole("dialog", { name: "Report Article" });
    expect(within(dialog).getByText(article.title)).toBeTruthy();
    const reasons = within(dialog).getByLabelText("Reason") as HTMLSelectElement;
    expect([...reasons.options].map((option) => option.value).slice(1)).toHaveLength(8);

    fireEvent.click(within(dialog).getByRole("button", { name: "Submit Report" }));
    expect(alert).toHaveBeenLastCalledWith("Please provide a reason for reporting (minimum 3 characters)");

    fireEvent.change(reasons, { target: { value: "Other" } });
    const details = within(dialog).getByLabelText("Details");
    fireEvent.change(details, { target: { value: " ab " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit Report" }));
    expect(alert).toHaveBeenLastCalledWith("Please provide a reason for reporting (minimum 3 characters)");
    expect(sent).toEqual([]);

    fireEvent.change(details, { target: { value: "  Wrong photo caption " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit Report" }));
    await waitFor(() =>
      expect(alert).toHaveBeenLastCalledWith(
        "Article reported successfully. Thank you for helping keep our community safe.",
      ),
    );
    expect(sent).toEqual([{ reason: "Wrong photo caption" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const api = serve(article);
    signIn(api);
    api.routes["/api/articles/a1/report"] = [409, { success: false, error: "You have already reported this article" }];
    renderArticle();
    await waitFor(() => expect(api.requests.some((url) => url.pathname === "/api/auth/verify")).toBe(true));
    await openReport();
    const dialog = await screen.findByRole("dialog", { name: "Report Article" });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "False information" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit Report" }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith("You have already reported this article"));
    expect(screen.getByRole("dialog", { name: "Report Article" })).toBeTruthy();
  });

  it("forgets the reason and details when closed", async () => {
    const api = serve(article);
    signIn(api);
    renderArticle();
    await waitFor(() => expect(api.requests.some((url) => url.pathname === "/api/auth/verify")).toBe(true));
    await openReport();
    let dialog = await screen.findByRole("dialog", { name: "Report Article" });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Other" } });
    fireEvent.change(within(dialog).getByLabelText("Details"), { target: { value: "Something" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Report" }));
    dialog = await screen.findByRole("dialog", { name: "Report Article" });
    expect((within(dialog).getByLabelText("Reason") as HTMLSelectElement).value).toBe("");
    expect(within(dialog).queryByLabelText("Details")).toBeNull();
  });
});
