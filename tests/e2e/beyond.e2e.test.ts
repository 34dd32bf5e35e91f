// The product's additions of ADR 018, in real Chromium against the real stack and its sample corpus: the Atom feeds
// (read with rss-parser, not the ingest's parser), the public moderation log, a reader's own reports
// with their outcomes, and one story across outlets. Screenshots of the log and an event page go to
// E2E_SCREENS when it is set (for a closing note; never into the repository).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCAL_MODME_PASSWORD } from "../../scripts/dev-vars.ts";
import type { NewsEvent } from "../../workers/shared/src/contracts/articles.ts";
import { countDateFormatters, formattersBuiltBeforeReady } from "./date-formatters.ts";
import { closeBrowser, openPage } from "./page.ts";

afterAll(closeBrowser);

const base = () => inject("baseUrl");
const SCREENS = process.env.E2E_SCREENS;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(new URL(path, base()), {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const signIn = async (role: "user" | "moderator" | "admin", name: string) =>
  (
    await api<{ data: { token: string; user: { id: string; email: string } } }>("/api/auth/dev", {
      method: "POST",
      body: { role, name },
    })
  ).data;

interface ListedArticle {
  id: string;
  title: string;
}
const newest = async (count: number) =>
  (await api<{ data: ListedArticle[] }>(`/api/articles?limit=${count}&period=all`)).data;

async function screenshot(page: Page, name: string) {
  if (!SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, name), fullPage: true });
}

describe("feeds", () => {
  type Entry = { id: string; author: string; updated: string; links: { $: { rel: string; href: string } }[] };
  const parser = new Parser<{ id: string }, Entry>({
    customFields: { feed: ["id"], item: ["updated", ["link", "links", { keepArray: true }]] },
  });

  it("the home page names its Atom feed, and the feed parses: 50 entries with ids, times, authors and absolute links", async () => {
    const { page, context, url } = await openPage();
    await page.goto(url("/"));
    const href = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
    expect(href).toBe(url("/feed.xml"));
    const response = await fetch(href!);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    const feed = await parser.parseString(xml);
    expect(feed.items).toHaveLength(50);
    const origin = new URL(base()).origin;
    for (const item of feed.items) {
      expect(item.id.startsWith(`${origin}/article/`)).toBe(true);
      expect(item.author.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(item.updated))).toBe(false);
      const alternate = item.links.find((link) => link.$.rel === "alternate")!.$.href;
      const related = item.links.find((link) => link.$.rel === "related")!.$.href;
      expect(new URL(alternate).origin).toBe(origin);
      expect(new URL(related).protocol).toMatch(/^https?:$/);
    }
    // An entry's link opens its article page.
    await page.goto(feed.items[0]!.links.find((link) => link.$.rel === "alternate")!.$.href);
    await page.getByRole("heading", { level: 1, name: feed.items[0]!.title }).waitFor();

    await page.goto(url("/category/science"));
    expect(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href")).toBe(
      url("/category/science/feed.xml"),
    );
    await context.close();
  });
});

describe("an outlet's page", () => {
  const parser = new Parser<{ title: string }, { id: string }>();

  it("a card's source name opens /source/{domain}: only that outlet's stories, and its feed parses", async () => {
    const { page, context, url } = await openPage();
    await page.goto(url("/"));
    await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
    const source = page.locator(".article-card__meta a").first();
    const domain = (await source.textContent())!;
    await source.click();
    await page.waitForURL(url(`/source/${domain}`));
    await page.getByRole("heading", { level: 1, name: domain }).waitFor();
    await page.locator(".article-card").first().waitFor();
    const shown = await page.locator(".article-card__meta a").allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([domain]));
    // Every one of the outlet's stories the API lists, and no other.
    const listed = await api<{ data: { domain: string }[] }>(`/api/articles/source/${domain}?limit=20`);
    expect(shown).toHaveLength(listed.data.length);

    // Its own first HTML names its feed (the head is the first HTML's, as on a category page).
    await page.goto(url(`/source/${domain}`));
    const href = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
    expect(href).toBe(url(`/source/${domain}/feed.xml`));
    const feed = await parser.parseString(await (await fetch(href!)).text());
    expect(feed.title).toContain(domain);
    expect(feed.items.length).toBeGreaterThanOrEqual(shown.length);
    const ids = new Set(feed.items.map((item) => item.id.split("/article/")[1]));
    const all = await api<{ data: { id: string; domain: string }[] }>(`/api/articles?limit=50&period=all`);
    for (const article of all.data) expect(ids.has(article.id)).toBe(article.domain === domain);
    await context.close();
  });

  it("another spelling of the domain lands on the one address, and an unknown outlet is not found", async () => {
    const { page, context, url } = await openPage();
    const [{ domain }] = (await api<{ data: { domain: string }[] }>("/api/articles?limit=1")).data as [
      { domain: string },
    ];
    const response = await page.goto(url(`/source/WWW.${domain.toUpperCase()}`));
    expect(page.url()).toBe(url(`/source/${domain}`));
    expect(response?.status()).toBe(200);
    const missing = await page.goto(url("/source/no-such-outlet.example"));
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    await context.close();
  });
});

describe("the moderation log and a reporter's outcome", () => {
  let hidden: ListedArticle;
  let kept: ListedArticle;

  beforeAll(async () => {
    [hidden, kept] = (await newest(40)).slice(30, 32) as [ListedArticle, ListedArticle];
    const reader = await signIn("user", "Beyond Reporter");
    await api(`/api/articles/${hidden.id}/report`, {
      method: "POST",
      token: reader.token,
      body: { reason: "Copyright violation" },
    });
    await api(`/api/articles/${kept.id}/report`, {
      method: "POST",
      token: reader.token,
      body: { reason: "Inaccurate Information" },
    });
    const admin = await signIn("admin", "Beyond Admin");
    await api(`/api/articles/admin/${hidden.id}/hide`, {
      method: "PUT",
      token: admin.token,
      body: { reason: "The publisher asked us to take it down" },
    });
    // A new reader's comment waits for review; a moderator rejects it in ModMe with a one-day ban.
    const spammer = await signIn("user", "Beyond Spammer");
    const posted = await api<{ data: { comment: { id: string } } }>(`/api/comments/article/${kept.id}`, {
      method: "POST",
      token: spammer.token,
      body: { content: "Cheap watches at my shop, follow the link!" },
    });
    const moderator = await signIn("moderator", "Beyond Moderator");
    const gate = await api<{ data: { adminToken: string } }>("/api/auth/modme", {
      method: "POST",
      token: moderator.token,
      body: { password: LOCAL_MODME_PASSWORD },
    });
    await api(`/api/comments/${posted.data.comment.id}/reject`, {
      method: "PUT",
      token: gate.data.adminToken,
      body: { banType: "temporary", hours: 24, reason: "Advertising" },
    });
  });

  it("anyone reaches /moderation from the footer and reads what was hidden, why and by which role — no names", async () => {
    const { page, context, url } = await openPage({ width: 1100, height: 900 });
    await page.goto(url("/"));
    await page.getByRole("contentinfo").getByRole("link", { name: "Moderation log" }).click();
    await page.waitForURL(url("/moderation"));
    await page.getByRole("heading", { level: 1, name: "Moderation log" }).waitFor();
    const entry = page.getByRole("article", { name: "Article hidden" }).first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain("The publisher asked us to take it down");
    expect(await entry.textContent()).toContain("by an admin");
    expect(await entry.textContent()).toContain(hidden.title);
    // The hidden article's page is gone: its title is not a link.
    expect(await entry.getByRole("link").count()).toBe(0);
    // The ban that came with the rejection is no entry: bans are counted per ended day, never listed.
    expect(await page.getByRole("article", { name: "User banned" }).count()).toBe(0);
    await page.getByRole("heading", { level: 2, name: "Bans by day" }).waitFor();
    const rejected = page.getByRole("article", { name: "Comment rejected" }).first();
    expect(await rejected.textContent()).toContain("Advertising");
    // The comment's article is still up: it links there.
    await rejected.getByRole("link", { name: kept.title }).waitFor();
    const text = (await page.locator("#remote-root").textContent()) ?? "";
    for (const name of ["Beyond Admin", "Beyond Reporter", "Beyond Moderator", "Beyond Spammer"])
      expect(text).not.toContain(name);
    expect(text).not.toContain("Cheap watches");
    await screenshot(page, "moderation.png");
    await context.close();
  });

  it("/moderation, loaded with its entries, hydrates their times from the server's texts: no date formatter before ready", async () => {
    const { page, context, url } = await openPage({ width: 390 });
    await countDateFormatters(page);
    await page.goto(url("/moderation"));
    expect(await formattersBuiltBeforeReady(page)).toEqual([]);
    expect(await page.locator(".moderation-log__meta time").first().textContent()).toMatch(
      /^\w{3} \d+, \d{4}, \d+:\d\d [AP]M$/,
    );
    await context.close();
  });

  it("the reporter's profile lists their reports: the hidden article's as 'Action taken', the other as 'Pending'", async () => {
    const { page, context, url } = await openPage();
    const reader = await signIn("user", "Beyond Reporter");
    await page.goto(url("/"));
    await page.evaluate((token) => localStorage.setItem("token", token), reader.token);
    await page.goto(url("/profile"));
    const section = page.getByRole("region", { name: "My reports" });
    await section.getByRole("listitem").nth(1).waitFor();
    const rows = await section.getByRole("listitem").allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.includes(hidden.title))).toMatch(
      /Reason: Copyright violationAction taken · Updated /,
    );
    expect(rows.find((row) => row.includes(kept.title))).toMatch(/Reason: Inaccurate InformationPending · Reported /);
    // The one still up opens its article.
    await section.getByRole("link", { name: kept.title }).click();
    await page.getByRole("heading", { level: 1, name: kept.title }).waitFor();
    await context.close();
  });
});

describe("one story across outlets", () => {
  let event: NewsEvent;

  beforeAll(async () => {
    const events = await api<NewsEvent[]>("/api/articles/events");
    // The sample corpus tells some stories several times: the one with the most coverage.
    event = events.sort((a, b) => b.articles.length - a.articles.length)[0]!;
    expect(event.articles.length).toBeGreaterThan(1);
  });

  it("an event in the Events section opens its page: TLDR, span, and its articles by outlet", async () => {
    const { page, context, url } = await openPage({ width: 1100, height: 900 });
    await page.goto(url("/"));
    const events = page.getByRole("region", { name: "Events" });
    await events.waitFor();
    // The event's title (an article may carry the same words: the heading's link, not theirs).
    const title = events.getByRole("heading", { level: 3, name: event.title }).getByRole("link");
    if ((await title.count()) === 0) await events.getByRole("button", { name: /^Show \d+ more event/ }).click();
    await title.click();
    await page.waitForURL(url(`/event/${event.id}`));
    await page.getByRole("heading", { level: 1, name: event.title }).waitFor();
    await page.getByText(event.main_tldr).waitFor();

    const detail = await api<{ data: { outlets: { name: string; articles: unknown[] }[] } }>(
      `/api/articles/events/${event.id}`,
    );
    const outlets = detail.data.outlets;
    const heading = `Covered by ${outlets.length} outlet${outlets.length === 1 ? "" : "s"}`;
    await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    for (const outlet of outlets) {
      const card = page.getByRole("region", { name: outlet.name });
      expect(await card.getByText(/First report /).count()).toBe(1);
      expect(await card.getByRole("listitem").count()).toBe(outlet.articles.length);
    }
    await screenshot(page, "event.png");

    // An article of the event opens its page.
    const firstTitle = event.articles[0]!.title;
    await page.getByRole("link", { name: firstTitle, exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: firstTitle }).waitFor();
    await context.close();
  });

  it("is in the HTML itself (JavaScript off)", async () => {
    const { page, context, url } = await openPage({ javaScriptEnabled: false });
    const response = await page.goto(url(`/event/${event.id}`));
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: event.title }).waitFor();
    expect(await page.getByText(/^Covered by \d+ outlets?$/).count()).toBe(1);
    await context.close();
  });

  it("answers an unknown event with a 404 and says so", async () => {
    const { page, context, url } = await openPage();
    const missing = await page.goto(url("/event/no-such-event"));
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Event not found" }).waitFor();
    await context.close();
  });
});
