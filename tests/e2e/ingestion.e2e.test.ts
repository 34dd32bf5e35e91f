// Ingestion's "Done when" in real Chromium against the real stack (ADR 007): the feed the pipeline
// filled from the sample newswire on start, a URL submitted through the Submit URL modal (which its
// submitter's inbox then links to), and the staff tools on the article page (a moderator regenerates a summary, an admin hides an article).

import { PAGE_FRESH_MS } from "@unbiased/worker-shared/contracts/page";
import { URL_REFUSALS } from "@unbiased/worker-shared/urls/public-url";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SUBMISSION_ONLY_KEY } from "../../workers/ingest/src/newswire/corpus.ts";
import { type Role, signInViaApi } from "./auth.ts";
import { closeBrowser, openPage, type TestPage } from "./page.ts";

afterAll(closeBrowser);

const cardLinks = (page: Page) => page.locator("main .article-list article h2 a");

/** Signs in as `role` and opens the feed with the account shown in the header. */
async function openFeedAs(tp: TestPage, role: Role) {
  await signInViaApi(tp, role);
  await tp.page.goto(tp.url("/"));
  await tp.page.getByRole("button", { name: `Sample ${role[0]!.toUpperCase()}${role.slice(1)}` }).waitFor();
  await cardLinks(tp.page).first().waitFor();
}

/** Waits until no ingestion job touched since `since` is pending or processing. */
async function waitForIngestion(tp: TestPage, since: number) {
  await expect
    .poll(
      async () => {
        const body = (await (await tp.page.request.get(tp.url(`/newswire/status?since=${since}`))).json()) as {
          data: { jobs: { pending: number; processing: number } };
        };
        return body.data.jobs.pending + body.data.jobs.processing;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(0);
}

describe("a fresh stack", () => {
  it("shows the sample corpus summarized: TLDRs on the cards, the six questions on the article", async () => {
    const { page, context, url } = await openPage();
    await page.goto(url("/"));
    await cardLinks(page).nth(19).waitFor();
    const tldrs = await page.locator("main .article-card__tldr").allTextContents();
    expect(tldrs.length).toBeGreaterThanOrEqual(20);
    expect(tldrs.every((tldr) => tldr.trim().split(/\s+/).length >= 3)).toBe(true);

    await cardLinks(page).first().click();
    await page.getByRole("heading", { name: "TLDR" }).waitFor();
    const terms = await page.locator("main dl.summary-answers dt").allTextContents();
    expect(terms.length).toBeGreaterThanOrEqual(3);
    expect(terms.every((term) => ["Who", "What", "When", "Where", "Why", "How"].includes(term))).toBe(true);
    await context.close();
  });
});

describe("submitting a URL", () => {
  it("a reader submits a newswire page that is not in its feed, and the new article appears", async () => {
    const tp = await openPage();
    const { page, context } = tp;
    await openFeedAs(tp, "user");
    // The newswire keeps this one article out of its feed (SUBMISSION_ONLY_KEY in workers/ingest), so only a submission brings it in.
    const pageUrl = tp.url(`/newswire/articles/${SUBMISSION_ONLY_KEY}`);
    const html = await (await page.request.get(pageUrl)).text();
    const title = html.match(/<meta property="og:title" content="([^"]+)"/)?.[1] ?? "";
    expect(title.length).toBeGreaterThan(10);
    await page.goto(tp.url(`/search?q=${encodeURIComponent(title)}`));
    await page.getByText("No results found").waitFor();
    const since = Date.now() - 1000;

    await page.getByRole("button", { name: "Submit URL" }).click();
    const dialog = page.getByRole("dialog", { name: "Submit URL" });
    expect(await dialog.getByRole("button", { name: "Submit" }).isDisabled()).toBe(true);
    await dialog.getByLabel("URL").fill(pageUrl);
    const reply = page.waitForResponse((response) => response.url().endsWith("/api/submissions/url"));
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("Thank you! Your URL has been submitted for processing.").waitFor();
    const body = (await (await reply).json()) as { success: boolean; data: { status: string } };
    expect(body).toMatchObject({ success: true, data: { status: "queued" } });
    expect(await dialog.getByLabel("URL").inputValue()).toBe("");
    await dialog.waitFor({ state: "detached", timeout: 3000 }); // closes 1 s after success

    await waitForIngestion(tp, since);
    // An addition may be served stale for as long as a cached page is fresh (ADR 020): the search
    // page is opened again until it lists the new article.
    await expect
      .poll(
        async () => {
          await page.goto(tp.url(`/search?q=${encodeURIComponent(title)}`));
          return page.locator("main .search-result").getByRole("link", { name: title }).count();
        },
        { timeout: PAGE_FRESH_MS + 15_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);

    // The submitter's inbox says so, with the article's link (docs/decisions/026-inbox.md); the entry
    // travels a queue after the ingestion's batch, so the inbox is opened again until it is there.
    const entry = page.getByRole("link", { name: /^The link you submitted is now an article: “/ });
    await expect
      .poll(
        async () => {
          await page.goto(tp.url("/inbox"));
          await page.locator(".inbox__list, .empty-state").first().waitFor();
          return entry.count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);
    expect(await entry.textContent()).toContain(title);
    await entry.click();
    await page.waitForURL((address) => address.pathname.startsWith("/article/"));
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await context.close();
  }, 120_000);

  it("refuses a private address with the server's reason", async () => {
    const tp = await openPage();
    await openFeedAs(tp, "user");
    await tp.page.getByRole("button", { name: "Submit URL" }).click();
    const dialog = tp.page.getByRole("dialog", { name: "Submit URL" });
    await dialog.getByLabel("URL").fill("http://192.168.1.10/story");
    await dialog.getByRole("button", { name: "Submit" }).click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(URL_REFUSALS.privateAddress); // the gateway's own 400 reason
    expect(await dialog.getByText("Thank you!", { exact: false }).count()).toBe(0);
    await tp.context.close();
  });
});

describe("staff tools on the article page", () => {
  it("a moderator sees the counter and regenerates a summary", async () => {
    const tp = await openPage();
    const { page, context } = tp;
    await openFeedAs(tp, "moderator");
    await cardLinks(page).first().click();
    const tools = page.getByRole("region", { name: "Staff tools" });
    await tools.waitFor();
    expect(await tools.getByText(/\d+ articles? loaded/).isVisible()).toBe(true);
    expect(await tools.getByRole("button", { name: "Hide article" }).count()).toBe(0);

    await tools.getByRole("button", { name: "Regenerate summary" }).click();
    await page.getByText("Summary regenerated successfully").waitFor();
    expect(await page.getByRole("heading", { name: "TLDR" }).isVisible()).toBe(true);
    await context.close();
  });

  it("a reader does not see them", async () => {
    const tp = await openPage();
    await openFeedAs(tp, "user");
    await cardLinks(tp.page).first().click();
    // The article's own Report comes first; comments left by earlier e2e files carry their own.
    await tp.page.getByRole("button", { name: "Report" }).first().waitFor();
    expect(await tp.page.getByRole("region", { name: "Staff tools" }).count()).toBe(0);
    await tp.context.close();
  });

  it("an admin hides an article with a reason, and it leaves the feed", async () => {
    const tp = await openPage();
    const { page, context } = tp;
    await openFeedAs(tp, "admin");
    // An article no other test file reads: they run beside this one, and a hidden article is gone for them.
    const target = cardLinks(page).nth(10);
    const title = (await target.textContent())!;
    await target.click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();

    await page.getByRole("region", { name: "Staff tools" }).getByRole("button", { name: "Hide article" }).click();
    const dialog = page.getByRole("dialog", { name: "Hide article" });
    await dialog.getByLabel("Reason for hiding").fill("   ");
    expect(await dialog.getByRole("button", { name: "Hide article" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Reason for hiding").fill("Duplicate of another story (e2e)");
    await dialog.getByRole("button", { name: "Hide article" }).click();
    await page.getByText("Article hidden successfully").waitFor();
    await page.waitForURL(tp.url("/"));
    await cardLinks(page).first().waitFor();
    expect(await cardLinks(page).allTextContents()).not.toContain(title);

    // A visitor with nothing cached: the server no longer lists it either.
    const visitor = await openPage();
    await visitor.page.goto(visitor.url("/"));
    await cardLinks(visitor.page).nth(19).waitFor();
    expect(await cardLinks(visitor.page).allTextContents()).not.toContain(title);
    await visitor.context.close();
    await context.close();
  });
});
