// Comments in real Chromium against the real stack (docs/reliability.md): post, reply, vote, report, delete own;
// a moderator hides a comment and it disappears for others; #comment-{id} scrolls to and highlights
// it; comments holding script, event-handler and javascript: payloads are shown as text and run nothing.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCAL_MODME_PASSWORD } from "../../scripts/dev-vars.ts";
import { closeBrowser, openPage, skipVoteDebounce, type TestPage } from "./page.ts";

afterAll(closeBrowser);

type Role = "user" | "moderator" | "admin";
const base = () => inject("baseUrl");

async function devSignIn(role: Role, name: string) {
  const res = await fetch(new URL("/api/auth/dev", base()), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role, name }),
  });
  const { data } = (await res.json()) as { data: { token: string; user: { id: string } } };
  return data;
}

async function api<T>(path: string, token?: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(path, base()), {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as { success: boolean; data: T; error?: string };
}

/** Opens a page signed in as `name` (or anonymous), the way the app stores its token. */
async function pageAs(token: string | null): Promise<TestPage> {
  const tp = await openPage({ controlledClock: true });
  await tp.page.goto(tp.url("/privacy"));
  await tp.page.evaluate((t) => (t ? localStorage.setItem("token", t) : localStorage.removeItem("token")), token);
  return tp;
}

/** Waits until the comment-events consumer has approved the comment (visible to anonymous readers). */
async function waitUntilPublic(articleId: string, commentId: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const thread = await api<{ comments: { id: string }[] }>(`/api/comments/article/${articleId}`);
    if (JSON.stringify(thread.data.comments).includes(commentId)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`comment ${commentId} was never approved`);
}

const commentBox = (page: Page, id: string) => page.locator(`#comment-${id}`);

let articleId: string;
let admin: { token: string; user: { id: string } };
let reader: { token: string; user: { id: string } };
let moderator: { token: string; user: { id: string } };

beforeAll(async () => {
  const feed = await api<{ id: string }[]>("/api/articles?limit=3");
  articleId = feed.data[2]?.id ?? "";
  expect(articleId).not.toBe("");
  admin = await devSignIn("admin", "Comments Admin");
  reader = await devSignIn("user", "Comments Reader");
  moderator = await devSignIn("moderator", "Comments Moderator");
});

describe("comment thread in the browser", () => {
  it("posts, replies, votes, reports and deletes its own reply", async () => {
    // The admin's comment, written in the UI, is approved by the consumer (staff are trusted).
    const adminPage = await pageAs(admin.token);
    await adminPage.page.goto(adminPage.url(`/article/${articleId}`));
    const box = adminPage.page.getByRole("textbox", { name: "Add a comment" });
    await box.fill("  ab  ");
    expect(await adminPage.page.getByRole("button", { name: "Post comment" }).isDisabled()).toBe(true);
    await adminPage.page.getByText("6/8000").waitFor();
    await box.fill("The council should publish the shelter list in every district.");
    await adminPage.page.getByRole("button", { name: "Post comment" }).click();
    await adminPage.page.getByText(/Comment submitted/).waitFor();
    const thread = await api<{ comments: { id: string; content: string }[] }>(
      `/api/comments/article/${articleId}`,
      admin.token,
    );
    const adminComment = thread.data.comments.find((c) => c.content.startsWith("The council"))?.id ?? "";
    await waitUntilPublic(articleId, adminComment);

    const { page, url } = await pageAs(reader.token);
    await page.goto(url(`/article/${articleId}`));
    const target = commentBox(page, adminComment);
    await target.waitFor();

    // Vote, then the same vote again removes it (votes within 500 ms of the last, or while one is on
    // its way, are ignored, spec §9: each click waits for the one before it to be answered).
    const voteAnswered = () => target.locator('fieldset.vote-buttons[aria-busy="false"]').first().waitFor();
    await target.getByRole("button", { name: "Upvote (0)" }).click();
    await target.getByRole("button", { name: "Upvote (1)" }).waitFor();
    await voteAnswered();
    await skipVoteDebounce(page);
    expect(await target.getByRole("button", { name: "Upvote (1)" }).getAttribute("aria-pressed")).toBe("true");
    await target.getByRole("button", { name: "Upvote (1)" }).click();
    await target.getByRole("button", { name: "Upvote (0)" }).waitFor();
    await voteAnswered();
    await skipVoteDebounce(page);
    await target.getByRole("button", { name: "Downvote (0)" }).click();
    await target.getByRole("button", { name: "Downvote (1)" }).waitFor();

    // Report with the shared modal; the outcome is an alert.
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await target.getByRole("button", { name: "Report" }).click();
    const modal = page.getByRole("dialog", { name: "Report Comment" });
    await modal.getByRole("combobox").selectOption("Spam or misleading content");
    await modal.getByRole("button", { name: /Submit/ }).click();
    await expect.poll(() => alerts.join("|")).toContain("Comment reported");

    // Reply: pending for everyone else, shown to its author marked Pending.
    await target.getByRole("button", { name: "Reply" }).click();
    await target.getByRole("textbox", { name: "Write a reply" }).fill("Agreed, and in Spanish and English too.");
    await target.getByRole("button", { name: "Post reply" }).click();
    const myReply = page.locator(".comment__body", { hasText: "Agreed, and in Spanish" });
    await myReply.waitFor();
    await myReply.getByText("Pending").waitFor();

    // Delete own, with confirmation.
    await myReply.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Comment deleted successfully").waitFor();
    await myReply.waitFor({ state: "detached" });
    expect(alerts).toContain("Delete this comment?");
  });

  it("a moderator hides a reader's comment and it disappears for others", async () => {
    // A new reader's comment waits for a moderator (staff only act on users of a lower role, so the
    // comment is a reader's): approved in ModMe's API, then hidden from the article page.
    const author = await devSignIn("user", "Comments Author To Hide");
    const posted = await api<{ comment: { id: string } }>(`/api/comments/article/${articleId}`, author.token, {
      method: "POST",
      body: { content: "A comment the moderator will hide." },
    });
    const id = posted.data.comment.id;
    const gate = await api<{ adminToken: string }>("/api/auth/modme", moderator.token, {
      method: "POST",
      body: { password: LOCAL_MODME_PASSWORD },
    });
    expect((await api(`/api/comments/${id}/approve`, gate.data.adminToken, { method: "PUT" })).success).toBe(true);
    await waitUntilPublic(articleId, id);

    const other = await pageAs(reader.token);
    await other.page.goto(other.url(`/article/${articleId}`));
    await commentBox(other.page, id).waitFor();

    const mod = await pageAs(moderator.token);
    await mod.page.goto(mod.url(`/article/${articleId}`));
    mod.page.on("dialog", (dialog) => void dialog.accept(""));
    await commentBox(mod.page, id).getByRole("button", { name: "Hide" }).click();
    await mod.page.getByText("Comment hidden and sent to moderation queue").waitFor();
    await commentBox(mod.page, id).waitFor({ state: "detached" });

    await other.page.reload();
    await other.page.locator("#comments-section").waitFor();
    await other.page.locator(".comments__list, .comments__empty").first().waitFor();
    expect(await commentBox(other.page, id).count()).toBe(0);
  });

  it("a link to #comment-{id} scrolls to the comment and highlights it", async () => {
    const filler = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        api<{ comment: { id: string } }>(`/api/comments/article/${articleId}`, moderator.token, {
          method: "POST",
          body: { content: `Filler comment number ${i} so the page is long enough to scroll.\n\n\n\n\n` },
        }),
      ),
    );
    const targetId = filler[0]?.data.comment.id ?? "";
    for (const f of filler) await waitUntilPublic(articleId, f.data.comment.id);
    const { page, url } = await pageAs(null);
    await page.goto(url(`/article/${articleId}#comment-${targetId}`));
    const target = commentBox(page, targetId);
    await target.waitFor();
    await expect.poll(() => target.evaluate((el) => el.classList.contains("is-hash-target"))).toBe(true);
    await expect
      .poll(() =>
        target.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        }),
      )
      .toBe(true);
  });
});

describe("XSS: comments are text", () => {
  it("shows script, onerror, javascript: and similar payloads as text and executes nothing", async () => {
    const payloads = [
      "<script>window.__pwned = 'script'</script>",
      "<img src=x onerror=\"window.__pwned = 'img'\">",
      "<a href=\"javascript:window.__pwned='link'\">click me</a>",
      "<svg onload=\"window.__pwned = 'svg'\"></svg>",
      '"><iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
      "javascript:window.__pwned='bare'",
    ];
    const ids: string[] = [];
    for (const content of payloads) {
      const posted = await api<{ comment: { id: string } }>(`/api/comments/article/${articleId}`, admin.token, {
        method: "POST",
        body: { content },
      });
      ids.push(posted.data.comment.id);
    }
    for (const id of ids) await waitUntilPublic(articleId, id);

    const { page, url } = await pageAs(null);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url(`/article/${articleId}`));
    for (const [i, id] of ids.entries()) {
      const content = commentBox(page, id).locator(".comment__content");
      await content.waitFor();
      expect(await content.textContent()).toBe(payloads[i]);
      expect(await content.locator("*").count()).toBe(0);
    }
    // Every request the payloads could start (an image, a frame) has ended before the check.
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(
      await page.locator("#comments-section img, #comments-section iframe, #comments-section svg[onload]").count(),
    ).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
