// The reader in real Chromium against the real stack and its 118-article sample corpus (ADR 013):
// browsing and sharing, search, paging the feed to 100, and reporting an article.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { signInViaApi } from "./auth.ts";
import { closeBrowser, openPage } from "./page.ts";

afterAll(closeBrowser);

const cardLinks = (page: Page) => page.locator("main .article-list article h2 a");

describe("browsing", () => {
  it("goes home → category → article → share (copy) → back", async () => {
    const tp = await openPage();
    const { page, context, url } = tp;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url("/")).origin });
    await page.goto(url("/"));
    await page.getByRole("heading", { level: 1, name: "Latest News" }).waitFor();
    await cardLinks(page).nth(19).waitFor();

    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Science" }).click();
    await page.getByRole("heading", { level: 1, name: "🔬 Science" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/category/science");
    const firstCard = cardLinks(page).first();
    const title = (await firstCard.textContent())!;
    await firstCard.click();

    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/article\/[a-z0-9-]+\/[^/]+$/);
    expect(await page.getByRole("heading", { name: "TLDR" }).isVisible()).toBe(true);
    const source = page.getByRole("link", { name: /^Read at / });
    expect(await source.getAttribute("rel")).toBe("noopener noreferrer");

    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share article" });
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await dialog.getByText("Copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.keyboard.press("Escape");
    expect(await dialog.count()).toBe(0);

    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "🔬 Science" }).waitFor();
    await context.close();
  });
});

describe("search", () => {
  it("finds articles with the matches marked, and pages through them", async () => {
    const { page, context, url } = await openPage();
    await page.goto(url("/"));
    await page.getByRole("search").first().getByRole("searchbox").fill("said");
    await page.keyboard.press("Enter");
    await page.waitForURL(url("/search?q=said"));

    const count = page.getByText(/^\d+ results for “said”$/);
    await count.waitFor();
    const total = Number((await count.textContent())!.split(" ")[0]);
    expect(total).toBeGreaterThan(20);
    const pages = Math.ceil(total / 20);
    expect(await page.locator("main .search-result").count()).toBe(20);
    expect(await page.locator("main .search-result mark").count()).toBeGreaterThan(0);

    const pager = page.getByRole("navigation", { name: "Result pages" });
    await pager.getByText(`Page 1 of ${pages}`).waitFor();
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText(`Page 2 of ${pages}`).waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText(`Page 1 of ${pages}`).waitFor();
    await context.close();
  });

  it("says 'No results found' for a word no article holds", async () => {
    const { page, context, url } = await openPage();
    await page.goto(url("/search?q=xylophonequartz"));
    await page.getByText("No results found").waitFor();
    expect(await page.getByText("0 results for “xylophonequartz”").isVisible()).toBe(true);
    await context.close();
  });
});

describe("paging the feed", () => {
  it("loads more with the button, then by scrolling, up to 100 articles", async () => {
    const { page, context, url } = await openPage();
    await page.goto(url("/"));
    await cardLinks(page).nth(19).waitFor();
    await page.getByLabel("Period").selectOption("all");
    await page.waitForFunction(() => document.querySelectorAll("main .article-list article").length === 20);

    await page.getByRole("link", { name: "Load More" }).click();
    await cardLinks(page).nth(39).waitFor();

    // The rest by scrolling to the bottom marker, which loads each next page on its own.
    for (let shown = 40; shown < 100; shown = await cardLinks(page).count()) {
      await page.getByTestId("feed-end").scrollIntoViewIfNeeded();
      await cardLinks(page).nth(shown).waitFor();
    }
    expect(await cardLinks(page).count()).toBe(100);
    await page.getByText("That is the first 100 articles", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: "Load More" }).count()).toBe(0);
    await context.close();
  });
});

describe("reporting an article", () => {
  const openFirstArticle = async (page: Page, url: (path: string) => string) => {
    await page.goto(url("/"));
    await cardLinks(page).first().click();
    await page.getByRole("button", { name: "Report" }).first().waitFor();
    // The article's HTML comes from the server: its buttons answer once the reader has hydrated it.
    await page.locator("html[data-reader-ready]").waitFor({ state: "attached" });
  };

  it("signed in: sends the reason and confirms with the spec's alert", async () => {
    const tp = await openPage();
    const { page, context, url } = tp;
    await signInViaApi(tp, "user");
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await openFirstArticle(page, url);
    // The header shows the account once the stored token is verified.
    await page.getByRole("button", { name: "Sample User" }).waitFor();

    await page.getByRole("button", { name: "Report" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Report Article" });
    await dialog.getByLabel("Reason").selectOption("Other");
    await dialog.getByLabel("Details").fill("The photo caption names the wrong city");
    await dialog.getByRole("button", { name: "Submit Report" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(alerts).toEqual(["Article reported successfully. Thank you for helping keep our community safe."]);
    await context.close();
  });

  it("signed out: asks to log in", async () => {
    const { page, context, url } = await openPage();
    await openFirstArticle(page, url);
    await page.getByRole("button", { name: "Report" }).first().click();
    const prompt = page.getByRole("dialog", { name: "Login Required" });
    await prompt.getByText("Please log in to continue").waitFor();
    expect(await page.getByRole("dialog", { name: "Report Article" }).count()).toBe(0);
    await context.close();
  });
});

describe("on a 360 px wide phone", () => {
  it("shows the feed and the article without sideways scrolling", async () => {
    const { page, context, url } = await openPage({ width: 360 });
    await page.goto(url("/"));
    await cardLinks(page).first().waitFor();
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await overflows()).toBe(false);
    await cardLinks(page).first().click();
    await page.getByRole("button", { name: "Report" }).first().waitFor();
    expect(await overflows()).toBe(false);
    await context.close();
  });
});
