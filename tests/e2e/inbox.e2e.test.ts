// The inbox (docs/decisions/026-inbox.md) in real Chromium against the real stack: a reply to a
// reader's comment lights their bell without a reload, /inbox lists it, following it opens the reply
// and the count goes to 0; a moderator's rejection reaches its author with the reason given.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCAL_MODME_PASSWORD } from "../../scripts/dev-vars.ts";
import { closeBrowser, openPage } from "./page.ts";

afterAll(closeBrowser);

const base = () => inject("baseUrl");

interface Account {
  token: string;
  name: string;
}

async function devSignIn(role: "user" | "moderator", prefix: string): Promise<Account> {
  const name = `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
  const res = await fetch(new URL("/api/auth/dev", base()), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role, name }),
  });
  const { data } = (await res.json()) as { data: { token: string } };
  return { token: data.token, name };
}

async function api<T>(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(path, base()), {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { success: boolean; data: T; error?: string };
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${body.error}`);
  return body.data;
}

let article: { id: string; title: string };
let modmeToken: string;

/** A new reader's comment (pre-moderated), approved by the moderator unless `approve` is false. */
async function comment(author: Account, target: { parentId: string } | null, content: string, approve = true) {
  const path = target ? `/api/comments/${target.parentId}/reply` : `/api/comments/article/${article.id}`;
  const { comment } = await api<{ comment: { id: string } }>(path, author.token, { method: "POST", body: { content } });
  if (approve) await api(`/api/comments/${comment.id}/approve`, modmeToken, { method: "PUT" });
  return comment.id;
}

/** A page signed in as the account (its token stored the way the app stores it). */
async function pageAs(account: Account) {
  const tp = await openPage();
  await tp.context.addInitScript((token) => localStorage.setItem("token", token), account.token);
  return tp;
}

const unread = async (account: Account) =>
  (await api<{ unread: number }>("/api/auth/me/inbox/unread", account.token)).unread;

beforeAll(async () => {
  const [first] = await api<{ id: string; title: string }[]>("/api/articles?limit=1", null);
  article = first!;
  const moderator = await devSignIn("moderator", "Inbox Moderator");
  modmeToken = (
    await api<{ adminToken: string }>("/api/auth/modme", moderator.token, {
      method: "POST",
      body: { password: LOCAL_MODME_PASSWORD },
    })
  ).adminToken;
});

describe("the inbox", () => {
  it("a reply lights the bell without a reload; /inbox leads to it and the count goes to 0", async () => {
    const ada = await devSignIn("user", "Inbox Ada");
    const ben = await devSignIn("user", "Inbox Ben");
    const parent = await comment(ada, null, "The timetable change seems sensible to me.");
    // The approval of Ada's comment is an entry of its own: read before the test begins.
    await expect.poll(() => unread(ada), { timeout: 15_000 }).toBe(1);
    await api("/api/auth/me/inbox/read", ada.token, { method: "POST", body: { all: true } });
    const tp = await pageAs(ada);
    const { page, url } = tp;
    await page.goto(url("/"));
    const bell = page.getByRole("link", { name: /^Inbox, / });
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Inbox, no unread notifications");

    const reply = await comment(ben, { parentId: parent }, "It leaves out the night crews entirely.");
    await expect.poll(() => unread(ada), { timeout: 15_000 }).toBe(1);
    // The bell asks each minute while the tab is visible, and at once when it becomes visible again:
    // the test brings the tab back rather than wait a minute.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
          return bell.getAttribute("aria-label");
        },
        { timeout: 5_000 },
      )
      .toBe("Inbox, 1 unread");
    expect(await bell.locator(".inbox-bell__count").textContent()).toBe("1");

    await bell.click();
    await page.waitForURL(url("/inbox"));
    await page.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
    const entry = page.getByRole("link", { name: `${ben.name} replied to your comment on “${article.title}”` });
    await entry.waitFor();
    await page.getByText("It leaves out the night crews entirely.").waitFor();
    await entry.click();
    await page.waitForURL(
      (address) => address.pathname.startsWith("/article/") && address.hash === `#comment-${reply}`,
    );
    await page.locator(`#comment-${reply}`).waitFor();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Inbox, no unread notifications");
    expect(await unread(ada)).toBe(0);
    await tp.context.close();
  });

  it("a moderator's rejection reaches its author with the reason given", async () => {
    const cleo = await devSignIn("user", "Inbox Cleo");
    const id = await comment(cleo, null, "Something a moderator will reject.", false);
    await api(`/api/comments/${id}/reject`, modmeToken, {
      method: "PUT",
      body: { banType: "none", reason: "Personal attacks are not allowed" },
    });
    await expect.poll(() => unread(cleo), { timeout: 15_000 }).toBe(1);
    const tp = await pageAs(cleo);
    await tp.page.goto(tp.url("/inbox"));
    await tp.page.getByRole("link", { name: `A moderator rejected your comment on “${article.title}”` }).waitFor();
    await tp.page.getByText("Reason: Personal attacks are not allowed").waitFor();
    await tp.page.getByRole("button", { name: "Mark all as read" }).click();
    await tp.page.getByText("No unread notifications.").waitFor();
    expect(await unread(cleo)).toBe(0);
    await tp.context.close();
  });
});
