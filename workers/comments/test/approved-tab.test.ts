// ModMe's Approved tab lists the last APPROVED_TAB_DAYS of approvals (ADR 022 step 21): an approval
// puts a comment on it, every move out of approved takes it off, and the cron takes off approvals that
// grew older; the comment itself stays approved and shown.
import { env } from "cloudflare:test";
import { APPROVED_TAB_DAYS } from "@unbiased/worker-shared/contracts/moderation";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { endOldApprovals } from "../src/storage/approved-tab.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { type Caller, call, signIn } from "./support/modme.ts";
import { call as callAs, type Person, person, statusOf } from "./support/people.ts";

let mod: Caller;
let articleId: string;

beforeAll(async () => {
  mod = await signIn("moderator", { name: "Tab Moderator" });
  articleId = (await insertArticle(env.DB)).id;
});

async function approvedPost(author: Person, content: string) {
  const posted = await callAs("POST", `/api/comments/article/${articleId}`, author, { content });
  expect(posted.status).toBe(201);
  const id = posted.data.comment.id as string;
  expect((await call("PUT", `/api/comments/${id}/approve`, mod.admin)).status).toBe(200);
  return id;
}

async function tab() {
  const res = await call("GET", "/api/comments/admin/approved?page=1&limit=50", mod.admin);
  expect(res.status).toBe(200);
  return {
    ids: (res.body.data.approvedComments as { id: string }[]).map((c) => c.id),
    total: res.body.data.pagination.total as number,
  };
}

const DAY_MS = 86_400_000;

describe("ModMe's Approved tab", () => {
  it("lists the last days' approvals newest first, and the cron takes older ones off, approved still", async () => {
    const author = await person();
    const first = await approvedPost(author, "The first comment to be approved on this story.");
    const second = await approvedPost(author, "The second comment to be approved on this story.");
    const third = await approvedPost(author, "The third comment to be approved on this story.");
    const before = await tab();
    expect(before.ids.slice(0, 3)).toEqual([third, second, first]);

    // The first approval grows older than the tab's days; the second is just inside them.
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE comments SET approved_at = ? WHERE id = ?").bind(
        now - APPROVED_TAB_DAYS * DAY_MS - 1,
        first,
      ),
      env.DB.prepare("UPDATE comments SET approved_at = ? WHERE id = ?").bind(
        now - APPROVED_TAB_DAYS * DAY_MS + 60_000,
        second,
      ),
    ]);
    expect(await endOldApprovals(createDb(env.DB), now)).toBe(1);
    expect(await endOldApprovals(createDb(env.DB), now)).toBe(0);
    const after = await tab();
    expect(after.ids).not.toContain(first);
    expect(after.ids).toContain(second);
    expect(after.total).toBe(before.total - 1);
    expect(await statusOf(first)).toMatchObject({ status: "approved" });
    const thread = await callAs("GET", `/api/comments/article/${articleId}`, null);
    expect((thread.data.comments as { id: string }[]).map((c) => c.id)).toContain(first);
  });

  it("takes off a comment that leaves approved, however it leaves, and an approval puts it back", async () => {
    const staff = await person({ role: "moderator" });
    const author = await person();
    const deactivated = await approvedPost(author, "A comment a moderator hides from the article page.");
    const deleted = await approvedPost(author, "A comment its own author deletes afterwards.");
    expect((await tab()).ids).toEqual(expect.arrayContaining([deactivated, deleted]));

    const hidden = await callAs("PUT", `/api/comments/${deactivated}/deactivate`, staff, { reason: "Off topic" });
    expect(hidden.status).toBe(200);
    expect((await callAs("DELETE", `/api/comments/${deleted}`, author)).status).toBe(200);
    expect((await tab()).ids).not.toContain(deactivated);
    expect((await tab()).ids).not.toContain(deleted);

    // Deactivated is pending again: approving it puts it back on the tab, first.
    expect((await call("PUT", `/api/comments/${deactivated}/approve`, mod.admin)).status).toBe(200);
    expect((await tab()).ids[0]).toBe(deactivated);
  });

  it("takes off an erased account's comment kept as a placeholder, and a flag no approval backs", async () => {
    const leaving = await person();
    const replier = await person();
    const answered = await approvedPost(leaving, "A comment someone else answers before its author leaves.");
    const replied = await callAs("POST", `/api/comments/${answered}/reply`, replier, {
      content: "An answer that keeps the comment above as a placeholder.",
    });
    expect(replied.status).toBe(201);
    expect((await tab()).ids).toContain(answered);
    await eraseUserComments(env, createDb(env.DB), leaving.id, "delete", undefined);
    expect(await statusOf(answered)).toMatchObject({ status: "deleted" });
    expect((await tab()).ids).not.toContain(answered);

    // A row an older worker moved out of approved without knowing the flag: the cron takes it off.
    const stray = await approvedPost(replier, "A comment an older deploy's worker will send back to the queue.");
    await env.DB.prepare("UPDATE comments SET status = 'pending', approved_at = NULL WHERE id = ?").bind(stray).run();
    expect((await tab()).ids).toContain(stray);
    expect(await endOldApprovals(createDb(env.DB))).toBeGreaterThanOrEqual(1);
    expect((await tab()).ids).not.toContain(stray);
  });

  it("takes off every approved comment of an author whose reputation falls below zero", async () => {
    const admin = await signIn("admin", { name: "Tab Admin" });
    const author = await person({ score: 0 });
    const ids = [
      await approvedPost(author, "One comment of an author about to lose standing."),
      await approvedPost(author, "Another comment of an author about to lose standing."),
    ];
    const adjusted = await call("PUT", `/api/comments/admin/user/${author.id}/reputation`, admin.admin, {
      adjustment: -20,
      reason: "Abuse",
    });
    expect(adjusted.status).toBe(200);
    for (const id of ids) expect(await statusOf(id)).toMatchObject({ status: "pending" });
    const { ids: listed } = await tab();
    for (const id of ids) expect(listed).not.toContain(id);
  });
});
