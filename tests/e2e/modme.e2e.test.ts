// ModMe end to end, as a moderator in real Chromium against the real local stack: pass the gate,
// approve a pending comment and see it public, reject with a temporary ban and see the author
// refused, unban, dismiss a report, adjust reputation and see the tier change, open a user's
// comments, see real queue counts; and a screenshot of every ModMe page in light and dark
// (test-results/modme/<page>-<theme>.png, git-ignored).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOnLoginPage } from "./auth.ts";
import { closeBrowser, openPage, type TestPage } from "./page.ts";

const SHOTS = join(import.meta.dirname, "../../test-results/modme");
const RUN = Date.now().toString(36);

let tp: TestPage;
let api: APIRequestContext;
let articleId = "";
let writer: { id: string; token: string };
let reporter: { id: string; token: string };
const text = {
  toApprove: `Approve me please, a calm and useful remark ${RUN}`,
  toReject: `Reject me, this remark breaks the rules ${RUN}`,
  afterUnban: `Back again after the unban ${RUN}`,
};

async function devUser(role: "user" | "moderator", name: string) {
  const res = await api.post(tp.url("/api/auth/dev"), { data: { role, name } });
  const { data } = (await res.json()) as { data: { token: string; user: { id: string } } };
  return { id: data.user.id, token: data.token };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function postComment(token: string, content: string) {
  return api.post(tp.url(`/api/comments/article/${articleId}`), { data: { content }, headers: auth(token) });
}

/** Each ModMe page in light and dark: the theme is the stored preference, applied before first paint. */
async function screenshots(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await page.locator(".modme").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    await page.screenshot({ path: join(SHOTS, `${name}-${theme}.png`), fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  tp = await openPage();
  api = tp.page.request;
  const articles = (await (await api.get(tp.url("/api/articles?limit=10"))).json()) as { data: Array<{ id: string }> };
  // The seventh story: the first is other test files' (they run beside this one and count its votes).
  articleId = articles.data[6]?.id ?? "";
  expect(articleId).not.toBe("");
  writer = await devUser("user", `E2E Writer ${RUN}`);
  reporter = await devUser("user", `E2E Reporter ${RUN}`);
  // New users' comments wait for a moderator (reputation 0–4).
  for (const content of [text.toApprove, text.toReject])
    expect((await postComment(writer.token, content)).status()).toBe(201);
});

afterAll(async () => {
  await tp.context.close();
  await closeBrowser();
});

describe("ModMe as a moderator", () => {
  it("passes the gate", async () => {
    await signInOnLoginPage(tp, "moderator");
    await tp.page.goto(tp.url("/modme/comments"));
    await tp.page.waitForURL(tp.url("/modme/login"));
    await screenshots(tp.page, "login");
    await tp.page.getByLabel("Password", { exact: true }).fill("modme-local");
    await tp.page.getByRole("button", { name: "Enter ModMe" }).click();
    await tp.page.getByText("Moderation access granted!").waitFor();
    await tp.page.getByRole("heading", { name: "Comment Moderation" }).waitFor();
  });

  it("shows the dashboard with real numbers", async () => {
    const { page, url } = tp;
    await page.goto(url("/modme"));
    const total = page.locator(".modme-stats__tile", { hasText: "Total Comments" }).locator("dd");
    await expect.poll(async () => Number(await total.textContent()), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await screenshots(page, "dashboard");
  });

  it("approves a pending comment, which then shows publicly", async () => {
    const { page, url } = tp;
    await page.goto(url("/modme/comments"));
    await expect.poll(() => page.getByRole("tab", { name: /Pending Comments \(\d+\)/ }).count()).toBe(1);
    const card = page.locator("article.modme-comment", { hasText: text.toApprove });
    await card.waitFor();
    await screenshots(page, "comments");
    await card.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Comment approved successfully").waitFor();
    await card.waitFor({ state: "detached" });
    // Public: an anonymous reader's thread has it.
    const thread = await (await api.get(url(`/api/comments/article/${articleId}`))).text();
    expect(thread).toContain(text.toApprove);
  });

  it("rejects a comment with a temporary ban; the author can no longer comment", async () => {
    const { page } = tp;
    const card = page.locator("article.modme-comment", { hasText: text.toReject });
    await card.getByRole("button", { name: "Reject" }).click();
    const dialog = page.getByRole("dialog", { name: "Reject Comment" });
    await dialog.getByLabel("Ban type").selectOption("temporary");
    expect(await dialog.getByLabel("Ban hours").inputValue()).toBe("24");
    await dialog.getByLabel("Ban hours").fill("2");
    await dialog.getByLabel("Reason").fill("Breaks the rules");
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();
    await page.getByText("Comment rejected successfully").waitFor();
    const refused = await postComment(writer.token, "Trying to comment while banned");
    expect(refused.status()).toBe(403);
  });

  it("lists the ban with its expiry and unbans; the author can comment again", async () => {
    const { page, url } = tp;
    await page.goto(url("/modme/bans"));
    const row = page.locator("tr", { hasText: `E2E Writer ${RUN}` });
    await row.waitFor();
    expect(await row.textContent()).toContain("2 hours");
    await screenshots(page, "bans");
    await row.getByRole("button", { name: "Unban" }).click();
    await page.getByText("User unbanned successfully").waitFor();
    await row.waitFor({ state: "detached" });
    expect((await postComment(writer.token, text.afterUnban)).status()).toBe(201);
  });

  it("dismisses a comment report", async () => {
    const { page, url } = tp;
    const thread = (await (await api.get(url(`/api/comments/article/${articleId}`))).json()) as {
      data: { comments: Array<{ id: string; content: string }> };
    };
    const approved = thread.data.comments.find((c) => c.content === text.toApprove);
    expect(approved).toBeDefined();
    const reported = await api.post(url(`/api/comments/${approved?.id}/report`), {
      data: { reason: "Spam or misleading content" },
      headers: auth(reporter.token),
    });
    expect(reported.status()).toBe(201);
    await page.goto(url("/modme/reports"));
    const card = page.locator("article.modme-comment", { hasText: `Reported by E2E Reporter ${RUN}` });
    await card.waitFor();
    await screenshots(page, "reports");
    await page.getByRole("tab", { name: /Article Reports/ }).click();
    await page.screenshot({ path: join(SHOTS, "reports-articles-light.png"), fullPage: true });
    await page.getByRole("tab", { name: /Comment Reports/ }).click();
    await card.getByRole("button", { name: "Dismiss Report" }).click();
    await page.getByText("Report dismissed successfully").waitFor();
    await card.waitFor({ state: "detached" });
  });

  it("adjusts reputation and shows the tier change", async () => {
    const { page, url } = tp;
    await page.goto(url(`/modme/reputation?user=${writer.id}`));
    const details = page.getByRole("region", { name: "User details" });
    await details.getByText("New User").first().waitFor();
    await screenshots(page, "reputation");
    await details.waitFor();
    await page.getByLabel(/Adjustment/).fill("1.5");
    await page.getByRole("button", { name: "Adjust Reputation" }).click();
    await page.getByText("Adjustment must be a valid number").waitFor();
    await page.getByLabel(/Adjustment/).fill("10");
    await page.getByRole("button", { name: "Adjust Reputation" }).click();
    await page.getByText("Reputation adjusted by 10 points").waitFor();
    await details.getByText("Trusted User").first().waitFor();
  });

  it("finds the user and opens their comments", async () => {
    const { page, url } = tp;
    await page.goto(url("/modme/users"));
    await page.getByLabel("Search by name or user ID").fill(`E2E Writer ${RUN}`);
    await page.getByRole("heading", { name: "Users (1 total)" }).waitFor();
    await screenshots(page, "users");
    // The screenshots reloaded the page: search again, and wait for the server's answer to it.
    await page.getByLabel("Search by name or user ID").fill(`E2E Writer ${RUN}`);
    await page.getByRole("heading", { name: "Users (1 total)" }).waitFor();
    await page.getByRole("link", { name: "Comments", exact: true }).click();
    await page.waitForURL(url(`/modme/user/${writer.id}/comments`));
    await page.getByText("Showing 1 to 3 of 3 comments").waitFor();
    const link = page.getByRole("link", { name: "Open comment" }).first();
    expect(await link.getAttribute("target")).toBe("_blank");
    await screenshots(page, "user-comments");
  });

  it("shows real queue counts after votes and comments", async () => {
    const { page, url } = tp;
    const vote = await api.post(url("/api/votes/vote"), {
      data: { articleId, userId: writer.id, voteType: "upvote" },
      headers: auth(writer.token),
    });
    expect(vote.ok()).toBe(true);
    const adminToken = (await page.evaluate(() => localStorage.getItem("adminToken"))) ?? "";
    // The Durable Object flushes vote events to the queue in batches, so the job appears shortly after.
    const votingTotal = async () => {
      const res = await api.get(url("/api/votes/queue/status"), { headers: auth(adminToken) });
      return ((await res.json()) as { data: { total: number } }).data.total;
    };
    await expect.poll(votingTotal, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    await page.goto(url("/modme/queues"));
    const total = (card: string) => page.getByRole("region", { name: card }).locator(".modme-queue-row--total dd");
    await total("Comments Queue").waitFor();
    // Three comments were posted in this run, each one comment-events job; one vote, one vote-events job.
    expect(Number(await total("Comments Queue").textContent())).toBeGreaterThanOrEqual(3);
    await total("Voting Queue").waitFor();
    expect(Number(await total("Voting Queue").textContent())).toBeGreaterThanOrEqual(1);
    await page.getByText(/Last updated: \d/).waitFor();
    expect(await page.getByText("Failed to fetch queue data").count()).toBe(0);
    await screenshots(page, "queues");
  });

  it("lists every action in the moderation log, with the e-mail outbox", async () => {
    const { page, url } = tp;
    await page.goto(url("/modme/log"));
    for (const action of ["comment.approve", "comment.reject", "user.ban", "user.unban", "comment_report.dismiss"]) {
      await page.locator("td code", { hasText: action }).first().waitFor();
    }
    await page.getByRole("heading", { name: "E-mail Outbox" }).waitFor();
    await page.getByText("Your Unbiased 24/7 account has been banned from commenting").first().waitFor();
    await screenshots(page, "log");
  });
});
