import type { NewsEvent } from "@unbiased/worker-shared/contracts/articles";
import { describe, expect, it } from "vitest";
import { testArticle } from "../src/test/testArticle.ts";
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
