// Dates on a server-rendered page (remotes/reader/src/time/timeTexts.ts): the browser hydrates the
// page's dates from the texts the server wrote, building no date formatter (ICU's date data would
// load inside one component's render, a long task on a phone), and a reader with a timezone of their
// own still sees their timezone once the page is ready.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { APP_READY } from "../../workers/shared/src/contracts/page.ts";
import { articlePath } from "../../workers/shared/src/contracts/paths.ts";
import { countDateFormatters, formattersBuiltBeforeReady } from "./date-formatters.ts";
import { closeBrowser, openPage } from "./page.ts";

afterAll(closeBrowser);

let firstArticle: string;
beforeAll(async () => {
  const response = await fetch(`${inject("baseUrl")}/api/articles?page=1&limit=1&sort=date&period=7d`);
  firstArticle = articlePath(((await response.json()) as { data: { id: string; title: string }[] }).data[0]!);
});

const whenReady = (page: Page) =>
  page.waitForFunction((ready) => performance.getEntriesByName(ready)[0]?.startTime ?? null, APP_READY);

describe("dates on a page with first HTML", () => {
  for (const [name, path] of [
    ["/", () => "/"],
    ["an article", () => firstArticle],
  ] as const) {
    it(`${name} hydrates its dates from the server's texts, building no date formatter before it is ready`, async () => {
      const { page, url } = await openPage({ width: 390 });
      await countDateFormatters(page);
      await page.goto(url(path()));
      expect(await formattersBuiltBeforeReady(page)).toEqual([]);
      // The page's article times are the server's, with their full timestamps (a card's on hover).
      const times = page.locator(".article-list time, .article-page__meta time");
      expect(await times.count()).toBeGreaterThan(0);
      expect(await times.first().evaluate((time) => time.getAttribute("title") ?? time.textContent)).toMatch(
        /^\w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M E[SD]T$/,
      );
    });
  }

  it("a reader whose timezone is their own sees it once the page is ready", async () => {
    const { page, url } = await openPage({ width: 390 });
    await page.addInitScript(() => localStorage.setItem("userTimezone", "Asia/Tokyo"));
    await page.goto(url(firstArticle));
    await whenReady(page);
    await expect
      .poll(() => page.locator(".article-page__meta time").textContent())
      .toMatch(/^\w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M GMT\+9$/);
  });
});
