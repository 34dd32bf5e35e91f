// Taps before the app is ready (docs/decisions/019-early-input.md): every script of the page is held
// back 2 s (a phone on a slow link) and each control is tapped as soon as it shows. Each tap is carried
// out exactly once when the app is ready, its control saying it is pending meanwhile.
import type { Locator, Page, Request } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { articlePath } from "../../workers/shared/src/contracts/paths.ts";
import { closeBrowser, openPage, type TestPage } from "./page.ts";

afterAll(closeBrowser);

const HOLD_MS = 2000;
const base = () => inject("baseUrl");

interface ListedArticle {
  id: string;
  title: string;
}

async function firstArticle(): Promise<ListedArticle> {
  const response = await fetch(`${base()}/api/articles?page=1&limit=20&sort=date&period=7d`);
  return ((await response.json()) as { data: ListedArticle[] }).data[0]!;
}

/** A fresh reader's token (a new account each time, so votes start from none). */
async function newReader(): Promise<{ token: string; id: string }> {
  const response = await fetch(`${base()}/api/auth/dev`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "user", name: `Early ${crypto.randomUUID().slice(0, 8)}` }),
  });
  const { data } = (await response.json()) as { data: { token: string; user: { id: string } } };
  return { token: data.token, id: data.user.id };
}

/**
 * The article a feed card shows (its link ends with the article's id). Read from the page, not the
 * API: the page may be a cached one, older than the API's feed, while other test files add articles.
 */
async function cardArticleId(card: Locator): Promise<string> {
  const href = (await card.locator("h2 a").getAttribute("href")) ?? "";
  return decodeURIComponent(href.split("/").pop() ?? "");
}

async function upvotesOf(articleId: string): Promise<number> {
  const response = await fetch(`${base()}/api/votes/counts/${encodeURIComponent(articleId)}`);
  return ((await response.json()) as { upvotes: number }).upvotes;
}

/** A page whose every script answers HOLD_MS late; signed in as `token` when given. */
async function heldPage(token?: string): Promise<TestPage & { scriptsHeld: () => number }> {
  const tp = await openPage({ rawNavigation: true, width: 390, height: 844 });
  if (token) await tp.context.addInitScript((value) => localStorage.setItem("token", value), token);
  let held = 0;
  await tp.page.route(/\.js(\?|$)/, async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue();
  });
  return { ...tp, scriptsHeld: () => held };
}

const appReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"), null, { timeout: 30_000 });
const appIsReady = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-app-ready"));

/** Vote requests the page sends (POST /api/votes/vote). */
function voteRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/votes/vote") sent.push(request);
  });
  return sent;
}

describe("with every script held back 2 s", () => {
  it("Submit URL tapped at once opens its dialog once the app is ready, pending until then", async () => {
    const reader = await newReader();
    const { page, url, context, scriptsHeld } = await heldPage(reader.token);
    await page.goto(url("/"), { waitUntil: "commit" });
    const button = page.getByRole("button", { name: "Submit URL" });
    await button.click();
    expect(await appIsReady(page)).toBe(false);
    expect(await button.getAttribute("aria-busy")).toBe("true");
    await button.click(); // a second tap is the same action
    await page.getByRole("dialog", { name: "Submit URL" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(1);
    expect(scriptsHeld()).toBeGreaterThan(0);
    expect(await button.getAttribute("aria-busy")).toBeNull();
    await context.close();
  });

  it("the header search, typed and sent at once, lands on /search?q=…", async () => {
    const { page, url, context } = await heldPage();
    await page.goto(url("/"), { waitUntil: "commit" });
    const box = page.getByRole("searchbox", { name: "Search articles" });
    await box.fill("harbour cranes");
    await box.press("Enter");
    await page.waitForURL(url("/search?q=harbour+cranes"));
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator("main").textContent()).toMatch(/harbour cranes/i);
    await context.close();
  });

  it("an upvote tapped at once is one vote request, and the count moves by one", async () => {
    const reader = await newReader();
    const { page, url, context } = await heldPage(reader.token);
    const sent = voteRequests(page);
    await page.goto(url("/"), { waitUntil: "commit" });
    const card = page.locator("main .article-list > li").first();
    const article = { id: await cardArticleId(card) };
    const before = await upvotesOf(article.id);
    const upvote = card.getByRole("button", { name: /^Upvote/ });
    await upvote.click();
    await upvote.click(); // a double tap is one action
    expect(await upvote.getAttribute("aria-busy")).toBe("true");
    await appReady(page);
    await expect.poll(() => card.getByTestId("upvotes").textContent()).toBe(String(before + 1));
    expect(await upvote.getAttribute("aria-pressed")).toBe("true");
    await page.waitForTimeout(500);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataJSON()).toMatchObject({ articleId: article.id, voteType: "upvote" });
    // The server has it once the vote is answered (under load, after the card shows it).
    await expect.poll(() => upvotesOf(article.id)).toBe(before + 1);
    await context.close();
  });

  it("for a reader who had already upvoted, the tap sets the upvote (one request) and never takes it back", async () => {
    const reader = await newReader();
    const { page, url, context } = await heldPage(reader.token);
    const sent = voteRequests(page);
    await page.goto(url("/"), { waitUntil: "commit" });
    const card = page.locator("main .article-list > li").first();
    const article = { id: await cardArticleId(card) };
    // Their upvote, cast elsewhere before this page is ready (it learns the reader's votes only then).
    await fetch(`${base()}/api/votes/vote`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${reader.token}` },
      body: JSON.stringify({ articleId: article.id, userId: reader.id, voteType: "upvote", voteCount: 1 }),
    });
    const counted = await upvotesOf(article.id);
    const upvote = card.getByRole("button", { name: /^Upvote/ });
    // The first HTML is the signed-out page: their vote is not shown pressed yet.
    expect(await upvote.getAttribute("aria-pressed")).toBe("false");
    await upvote.click();
    await appReady(page);
    await expect.poll(() => sent.length).toBe(1);
    await expect.poll(() => upvote.getAttribute("aria-pressed")).toBe("true");
    expect(sent[0]!.postDataJSON()).toMatchObject({ voteType: "upvote" });
    expect(await card.getByTestId("upvotes").textContent()).toBe(String(counted));
    expect(await upvotesOf(article.id)).toBe(counted);
    await context.close();
  });

  it("the theme button tapped at once switches the theme once", async () => {
    const { page, url, context } = await heldPage();
    await page.goto(url("/"), { waitUntil: "commit" });
    const button = page.getByRole("button", { name: /Switch to (dark|light) mode/ });
    await button.waitFor();
    const wasDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    await button.click();
    await appReady(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!wasDark);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!wasDark);
    await context.close();
  });

  it("Share, Report and 'Log in to comment' on an article each do their part once", async () => {
    const article = await firstArticle();
    const reader = await newReader();
    for (const [control, check] of [
      ["Share", (page: Page) => page.getByRole("dialog", { name: "Share article" }).waitFor()],
      ["Report", (page: Page) => page.getByRole("dialog", { name: "Report Article" }).waitFor()],
      [
        "Log in to comment",
        async (page: Page) => {
          // Signed in: the form, focused, instead of the login prompt the signed-out page offered.
          await appReady(page);
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 10_000 })
            .toBe("TEXTAREA");
          expect(await page.getByRole("dialog").count()).toBe(0);
        },
      ],
    ] as const) {
      const { page, url, context } = await heldPage(reader.token);
      await page.goto(url(articlePath(article)), { waitUntil: "commit" });
      const button = page.getByRole("button", { name: control, exact: true });
      await button.click();
      expect(await appIsReady(page)).toBe(false);
      await check(page);
      expect(await page.getByRole("dialog").count()).toBeLessThanOrEqual(1);
      await context.close();
    }
  });

  it("Load More before the app is ready is a link: the server renders the next page", async () => {
    const { page, url, context } = await heldPage();
    await page.goto(url("/"), { waitUntil: "commit" });
    await page.getByRole("link", { name: "Load More" }).click();
    await page.waitForURL(url("/?page=2"));
    expect(await page.locator("main .article-list > li").count()).toBeGreaterThan(20);
    await context.close();
  });
});

describe("the moment the page is ready", () => {
  it("a vote on a card below the first screen, not hydrated yet, is one request and moves the count by one", async () => {
    const feed = await fetch(`${base()}/api/articles?page=1&limit=20&sort=date&period=7d`);
    const lastCard = ((await feed.json()) as { data: ListedArticle[] }).data[19]!;
    const before = await upvotesOf(lastCard.id);
    const reader = await newReader();
    const { page, url, context } = await openPage({ rawNavigation: true, width: 390, height: 844 });
    await context.addInitScript((value) => localStorage.setItem("token", value), reader.token);
    // The cards below the first screen hydrate after the page is ready (each in its own Suspense
    // boundary). The tap comes right after the ready mark, in a microtask: once React's work of that
    // moment is done and before its next task, so the card is still the server's markup.
    await context.addInitScript(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name: string, options?: PerformanceMarkOptions) => {
        if (name === "data-app-ready") {
          queueMicrotask(() => {
            const card = document.querySelectorAll(".article-list > li > article")[19];
            const upvote = card?.querySelector<HTMLButtonElement>('[data-action="vote"][data-action-value="upvote"]');
            Object.assign(window, {
              tappedCard: {
                hydrated: card ? Object.keys(card).some((key) => key.startsWith("__reactFiber")) : null,
                articleId: upvote?.getAttribute("data-action-key") ?? null,
              },
            });
            upvote?.click();
          });
        }
        return mark(name, options);
      };
    });
    const sent = voteRequests(page);
    await page.goto(url("/"));
    await appReady(page);
    const tapped = await page.evaluate(() => (window as unknown as { tappedCard: unknown }).tappedCard);
    expect(tapped).toEqual({ hydrated: false, articleId: lastCard.id });

    const card = page.locator(".article-list > li > article").nth(19);
    await expect.poll(() => card.getByTestId("upvotes").textContent()).toBe(String(before + 1));
    expect(await card.getByRole("button", { name: /^Upvote/ }).getAttribute("aria-pressed")).toBe("true");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataJSON()).toMatchObject({ articleId: lastCard.id, voteType: "upvote" });
    // The server has it once the vote is answered (under load, after the card shows it).
    await expect.poll(() => upvotesOf(lastCard.id)).toBe(before + 1);
    await context.close();
  });
});

describe("an old shell meeting a reader it cannot link (ADR 023)", () => {
  it("shows the error panel, keeps the server's page and lets a held tap go", async () => {
    const reader = await newReader();
    const { page, url, context } = await heldPage(reader.token);
    const sent = voteRequests(page);
    // A reader built against a newer shell: its entry imports a name this shell's web-shared lacks,
    // so the browser cannot link it (a SyntaxError from import(), before any of it runs).
    await page.route(/\/remotes\/reader\/entry\.js(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.fulfill({
        contentType: "text/javascript",
        body: 'import { notInThisShell } from "@unbiased/web-shared";\nexport const loadMount = () => notInThisShell;\n',
      });
    });
    await page.goto(url("/"), { waitUntil: "commit" });
    const card = page.locator("main .article-list > li").first();
    const upvote = card.getByRole("button", { name: /^Upvote/ });
    await upvote.click();
    expect(await upvote.getAttribute("aria-busy")).toBe("true");
    await page.getByText("This section could not be loaded.").waitFor({ timeout: 30_000 });
    // The tap is let go (its control no longer pending) and never sent; the feed stays on the page.
    await expect.poll(() => upvote.getAttribute("aria-busy")).toBeNull();
    await expect.poll(() => card.locator("h2").textContent()).toMatch(/\S/);
    await page.waitForTimeout(300);
    expect(sent).toHaveLength(0);
    await context.close();
  });
});

describe("with JavaScript off", () => {
  it("the header search works as a plain form", async () => {
    const { page, url, context } = await openPage({ javaScriptEnabled: false });
    await page.goto(url("/"));
    const box = page.getByRole("searchbox", { name: "Search articles" });
    await box.fill("harbour");
    await box.press("Enter");
    await page.waitForURL(url("/search?q=harbour"));
    expect(await page.locator("main").textContent()).toMatch(/harbour/i);
    await context.close();
  });
});
