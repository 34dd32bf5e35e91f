import type { NewsEvent } from "@unbiased/worker-shared/contracts/articles";
import { describe, expect, it } from "vitest";
import { testArticle } from "../src/test/testArticle.ts";
import { loadPageData } from "./loadData.ts";
import { countedArticleIds, pageDataRequests } from "./pageData.ts";

const cards = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => testArticle({ id: `${prefix}-${index}`, title: `Story ${index}` }));

const event = (id: string, memberIds: string[]): NewsEvent => ({
  id,
  title: `Event ${id}`,
  main_tldr: "Several outlets report it.",
  start_date: "2026-11-27T06:00:00.000Z",
  end_date: "2026-11-27T09:00:00.000Z",
  articles: memberIds.map((memberId) => ({
    id: memberId,
    title: `Member ${memberId}`,
    sourceUrl: "https://a.example/",
  })),
});

/** The data the reader's server has for a page: each request's key with an answer of its shape. */
function dataFor(url: string, answers: { pages?: unknown[]; events?: NewsEvent[]; body?: unknown; data?: unknown }) {
  const plan = pageDataRequests(url);
  if (!plan) throw new Error(`${url} has no data plan`);
  const data = Object.fromEntries(
    plan.requests.map((request) => {
      if (request.key === "/api/articles/events") return [request.key, answers.events ?? []];
      if (request.shape === "pages") return [request.key, answers.pages];
      return [request.key, request.shape === "data" ? answers.data : answers.body];
    }),
  );
  return { plan, data };
}

describe("the articles whose counts a page's first HTML carries", () => {
  it("are the feed's cards, on every loaded page, and not the events strip's events or their members", () => {
    const first = cards("a", 20);
    const second = cards("b", 20);
    const { plan, data } = dataFor("/?page=2", {
      pages: [
        { data: first, pagination: { page: 1, hasNext: true } },
        { data: second, pagination: { page: 2, hasNext: true } },
      ],
      events: [event("ev-1", ["a-0", "x-1"]), event("ev-2", ["x-2"])],
    });

    const ids = countedArticleIds(plan.requests, data);

    expect(ids).toEqual([...first, ...second].map((article) => article.id));
    expect(ids).not.toContain("ev-1");
    expect(ids).not.toContain("x-1");
  });

  it("are a category's cards in the same way", () => {
    const tech = cards("t", 3);
    const { plan, data } = dataFor("/category/tech", {
      pages: [{ data: tech, pagination: { page: 1, hasNext: false } }],
      events: [event("ev-9", ["t-1"])],
    });
    expect(countedArticleIds(plan.requests, data)).toEqual(["t-0", "t-1", "t-2"]);
  });

  it("are an article page's article and a search page's results", () => {
    const article = dataFor("/article/art-42", { data: testArticle() });
    expect(countedArticleIds(article.plan.requests, article.data)).toEqual(["art-42"]);

    const found = cards("s", 2);
    const search = dataFor("/search?q=market", { body: { data: found, pagination: { page: 1, hasNext: false } } });
    expect(countedArticleIds(search.plan.requests, search.data)).toEqual(["s-0", "s-1"]);
  });

  it("are none on the moderation log and an event's page", () => {
    const log = dataFor("/moderation", { body: { data: [{ id: "entry-1", title: "Hidden" }] } });
    expect(countedArticleIds(log.plan.requests, log.data)).toEqual([]);
    const detail = dataFor("/event/ev-1", { data: event("ev-1", ["m-1"]) });
    expect(countedArticleIds(detail.plan.requests, detail.data)).toEqual([]);
  });
});

describe("an outlet's page plan", () => {
  it("asks for the outlet's feed under its one written domain, whatever the spelling", () => {
    const plan = pageDataRequests("/source/WWW.Harbour.example?page=2");
    expect(plan?.kind).toBe("source");
    expect(plan?.requests.map((request) => request.path)).toEqual([
      "/api/articles/source/harbour.example?page=1&limit=20&sort=date&period=7d",
    ]);
    expect(plan?.requests[0]?.morePaths).toEqual([
      "/api/articles/source/harbour.example?page=2&limit=20&sort=date&period=7d",
    ]);
  });

  it("asks the API as written for what is no domain, so the page answers its 404", () => {
    expect(pageDataRequests("/source/localhost")?.requests[0]?.path).toMatch(/^\/api\/articles\/source\/localhost\?/);
    expect(pageDataRequests("/source/a_b.example")?.requests[0]?.path).toMatch(
      /^\/api\/articles\/source\/a_b\.example\?/,
    );
  });
});

describe("loading a page's data", () => {
  const answer = (status: number, body: unknown = { success: status === 200, data: { ok: true } }) => ({
    status,
    body,
  });

  it("leaves a failed optional part out, and says the page is not whole", async () => {
    const requests = pageDataRequests("/article/a-story/a1")!.requests;
    const outcome = await loadPageData(requests, async ({ path }) =>
      path.endsWith("/related") ? answer(500) : answer(200),
    );
    if (outcome.data === null) throw new Error("the page was left to the browser");
    expect(outcome.status).toBe(200);
    expect(Object.keys(outcome.data)).toEqual(["/api/articles/a1"]);
    expect(outcome.complete).toBe(false);
  });

  it("leaves the page to the browser when a required part fails, and answers 404 for a missing one", async () => {
    const requests = pageDataRequests("/article/a-story/a1")!.requests;
    expect(
      (await loadPageData(requests, async ({ path }) => (path.endsWith("/related") ? answer(200) : answer(500)))).data,
    ).toBeNull();
    expect((await loadPageData(requests, async () => answer(404))).status).toBe(404);
  });
});
