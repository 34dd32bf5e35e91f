// Saved articles (docs/decisions/025-saved-articles.md) in real Chromium against the real stack: a
// signed-in reader saves a story from a card, finds it on /saved through the account menu and in their
// data export, and removes it there; the article page's Save asks a signed-out reader to log in, and
// a tap on it before the page is ready is carried out once, as 'save'; a reader who focused it before
// then keeps their focus.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { closeBrowser, openPage } from "./page.ts";

afterAll(closeBrowser);

const base = () => inject("baseUrl");

/** A fresh reader (nothing saved yet), signed in for every page of the context. */
async function signedInPage(options: { rawNavigation?: boolean } = {}) {
  const response = await fetch(`${base()}/api/auth/dev`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "user", name: `Saver ${crypto.randomUUID().slice(0, 8)}` }),
  });
  const { data } = (await response.json()) as { data: { token: string; user: { name: string } } };
  const tp = await openPage(options);
  await tp.context.addInitScript((value) => localStorage.setItem("token", value), data.token);
  return { ...tp, token: data.token, name: data.user.name };
}

const exportOf = async (token: string) =>
  (await (await fetch(`${base()}/api/auth/me/export`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    savedArticles: { articleId: string }[];
  };

/** Requests that save or remove an article. */
function saveRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/auth/me/saved/") && pathname !== "/api/auth/me/saved/batch")
      sent.push(`${request.method()} ${decodeURIComponent(pathname.split("/").pop()!)}`);
  });
  return sent;
}

const articleIdOf = async (link: ReturnType<Page["locator"]>) =>
  decodeURIComponent(((await link.getAttribute("href")) ?? "").split("/").pop() ?? "");

describe("saved articles", () => {
  it("a card's Save keeps the story on /saved and in the export; removing it there empties the list", async () => {
    const tp = await signedInPage();
    const { page, url } = tp;
    await page.goto(url("/"));
    const card = page.locator("main .article-list > li").first();
    const title = (await card.locator("h2 a").textContent())!;
    const articleId = await articleIdOf(card.locator("h2 a"));
    const save = card.getByRole("button", { name: `Save for later: ${title}` });
    await save.click();
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(async () => (await exportOf(tp.token)).savedArticles.map((row) => row.articleId))
      .toEqual([articleId]);

    await page.getByRole("button", { name: new RegExp(tp.name) }).click();
    await page.getByRole("menuitem", { name: "Saved articles" }).click();
    await page.waitForURL(url("/saved"));
    await page.getByRole("heading", { level: 1, name: "Saved articles" }).waitFor();
    const saved = page.locator("main .article-list > li");
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.locator("h2 a").textContent()).toBe(title);

    const remove = saved.getByRole("button", { name: `Save for later: ${title}` });
    expect(await remove.getAttribute("aria-pressed")).toBe("true");
    await remove.click();
    await expect.poll(() => remove.getAttribute("aria-pressed")).toBe("false");
    await page.reload();
    await page.getByText("No saved articles yet.").waitFor();
    expect((await exportOf(tp.token)).savedArticles).toEqual([]);
    await tp.context.close();
  });

  it("/saved shows twenty at a time, newest save first, and Load More brings the rest", async () => {
    const tp = await signedInPage();
    const feed = (await (await fetch(`${base()}/api/articles?limit=22`)).json()) as { data: { id: string }[] };
    const ids = feed.data.map((a) => a.id).slice(0, 22);
    expect(ids).toHaveLength(22);
    for (const id of ids) {
      const put = await fetch(`${base()}/api/auth/me/saved/${encodeURIComponent(id)}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${tp.token}` },
      });
      expect(put.status).toBe(200);
    }
    // What the list holds as the API gives it (another test file may hide an article meanwhile).
    const listed = (await (
      await fetch(`${base()}/api/auth/me/saved?limit=50`, { headers: { Authorization: `Bearer ${tp.token}` } })
    ).json()) as { data: { id: string }[] };
    const expected = listed.data.map((a) => a.id);
    expect(expected.length).toBeGreaterThan(20);
    expect(expected[0]).toBe(ids.filter((id) => expected.includes(id)).at(-1));
    const { page, url } = tp;
    await page.goto(url("/saved"));
    const cards = page.locator("main .article-list > li");
    const shownIds = async () => Promise.all((await cards.locator("h2 a").all()).map((link) => articleIdOf(link)));
    await expect.poll(() => cards.count()).toBe(20);
    expect(await shownIds()).toEqual(expected.slice(0, 20));
    await page.getByRole("button", { name: "Load More" }).click();
    await expect.poll(() => cards.count()).toBe(expected.length);
    expect(await shownIds()).toEqual(expected);
    await page.getByText("That is every article you saved.").waitFor();
    await tp.context.close();
  });

  it("the article page's Save asks a signed-out reader to log in", async () => {
    const { page, url, context } = await openPage();
    await page.goto(url("/"));
    await page.locator("main .article-list > li h2 a").first().click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Please log in to save articles").waitFor();
    await context.close();
  });

  it("a Save tapped on an article page before it is ready is carried out once it is: one save", async () => {
    const tp = await signedInPage({ rawNavigation: true });
    const { page, url } = tp;
    const first = (await (await fetch(`${base()}/api/articles?limit=1`)).json()) as {
      data: { id: string; title: string }[];
    };
    const article = first.data[0]!;
    const sent = saveRequests(page);
    await page.route(/\.js(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(url(`/article/${encodeURIComponent(article.id)}`), { waitUntil: "commit" });
    const save = page.getByRole("button", { name: "Save", exact: true });
    await save.click();
    await save.click(); // a double tap is one action
    expect(await save.getAttribute("aria-busy")).toBe("true");
    const saved = page.getByRole("button", { name: "Saved", exact: true });
    await saved.waitFor({ timeout: 30_000 });
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(async () => (await exportOf(tp.token)).savedArticles.map((row) => row.articleId))
      .toEqual([article.id]);
    await expect.poll(() => sent).toEqual([`PUT ${article.id}`]);
    await tp.context.close();
  });

  it("a keyboard reader who focused Save before the session was known keeps the focus, and Enter saves", async () => {
    const tp = await signedInPage();
    const { page, url } = tp;
    const first = (await (await fetch(`${base()}/api/articles?limit=1&page=2`)).json()) as { data: { id: string }[] };
    const article = first.data[0]!;
    // The session's check answers late, so the page is ready (hydrated) a while before the reader is known.
    await page.route("**/api/auth/verify", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const stateAsked = page.waitForResponse((response) => response.url().includes("/api/auth/me/saved/batch"));
    await page.goto(url(`/article/${encodeURIComponent(article.id)}`));
    const save = page.getByRole("button", { name: "Save", exact: true });
    await save.focus();
    await stateAsked;
    await page.locator(".save-button:not([aria-busy])").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Save");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    await expect
      .poll(async () => (await exportOf(tp.token)).savedArticles.map((row) => row.articleId))
      .toEqual([article.id]);
    await tp.context.close();
  });
});
