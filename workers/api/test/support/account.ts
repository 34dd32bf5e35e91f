// What the account tests do as readers, through the gateway's real routes (votes and comments reach
// their workers over the service bindings), and the readings they compare.
import { env, SELF } from "cloudflare:test";
import { BASE, bearer } from "./session.ts";
import { person } from "./staff-actions.ts";

export async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return SELF.fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? bearer(token) : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectOk(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

export interface Reader {
  token: string;
  user: { id: string; email: string };
}

/** Votes cast through voteOn in this file: each is a change, so each sends one vote event. */
let votesCast = 0;

export async function voteOn(reader: Reader, articleId: string, voteType: "upvote" | "downvote") {
  await expectOk(
    await call("POST", "/api/votes/vote", reader.token, { articleId, userId: reader.user.id, voteType }),
    "vote",
  );
  votesCast += 1;
}

/** The ModMe token of a moderator who approves the account tests' comments. */
let approverToken = "";

/**
 * A comment (or a reply), approved at once by a moderator in ModMe (a comment's status is its thread's:
 * ADR 022 step 29, so the approval goes through the product's own route).
 */
export async function commentOn(reader: Reader, target: { articleId: string } | { parentId: string }, content: string) {
  const path =
    "articleId" in target ? `/api/comments/article/${target.articleId}` : `/api/comments/${target.parentId}/reply`;
  const res = await expectOk(await call("POST", path, reader.token, { content }), "comment");
  const { data } = (await res.json()) as { data: { comment: { id: string } } };
  approverToken ||= (await person("moderator", "Comment Approver")).adminToken;
  await expectOk(await call("PUT", `/api/comments/${data.comment.id}/approve`, approverToken), "approval");
  return data.comment.id;
}

/**
 * A comment vote, answered with the counts its thread's object holds; returns once D1's copy of them
 * (written from the object's outbox a moment later, ADR 022) says the same.
 */
export async function voteOnComment(reader: Reader, commentId: string, voteType: "upvote" | "downvote") {
  const res = await expectOk(
    await call("POST", `/api/comments/${commentId}/vote`, reader.token, { voteType }),
    "comment vote",
  );
  const { data } = (await res.json()) as { data: { upvotes: number; downvotes: number } };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await env.DB.prepare("SELECT upvotes, downvotes FROM comments WHERE id = ?")
      .bind(commentId)
      .first<{ upvotes: number; downvotes: number }>();
    if (row?.upvotes === data.upvotes && row.downvotes === data.downvotes) return;
    if (Date.now() > deadline) throw new Error(`the comment's counts did not reach D1 in time: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The article's counts as its ArticleVotes object holds them (the authoritative ones). */
export async function objectCounts(articleId: string) {
  const res = await expectOk(await call("GET", `/api/votes/counts/${articleId}`), "counts");
  const { upvotes, downvotes } = (await res.json()) as { upvotes: number; downvotes: number };
  return { upvotes, downvotes };
}

/**
 * The copies: the counts on the article's D1 row, and the sums of the readers' current votes on the article as
 * their voting histories (their UserVotes objects, ADR 022) hold them.
 */
export async function copiedCounts(articleId: string, readers: Reader[]) {
  const stats = await env.DB.prepare("SELECT upvotes, downvotes FROM articles WHERE id = ?")
    .bind(articleId)
    .first<{ upvotes: number; downvotes: number }>();
  const sums = { upvotes: 0, downvotes: 0 };
  for (const reader of readers) {
    const res = await expectOk(await call("GET", "/api/votes/user/history", reader.token), "history");
    const { data } = (await res.json()) as { data: { articleId: string; voteType: "upvote" | "downvote" }[] };
    for (const vote of data.filter((v) => v.articleId === articleId)) sums[`${vote.voteType}s`] += 1;
  }
  return { stats: stats ?? { upvotes: 0, downvotes: 0 }, sums };
}

/**
 * Waits until every vote event sent so far (by voteOn, in this test file: its storage is its own) has
 * been written to D1 by the votes worker's consumer: its batches' job rows count them (ADR 022).
 */
export async function voteEventsLanded(timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await env.DB.prepare(
      "SELECT coalesce(sum(items), 0) AS n FROM queue_jobs WHERE queue = 'unbiased-vote-events' AND status = 'completed'",
    ).first<{ n: number }>();
    if ((row?.n ?? 0) >= votesCast) return;
    if (Date.now() > deadline) throw new Error(`vote events did not land in time (${row?.n} of ${votesCast})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The browser sends its refresh cookie along (path /api/auth), which the answer clears. */
export const deleteAccount = (token: string | undefined, body: unknown, cookie?: string | null) =>
  call("DELETE", "/api/auth/me", token, body, cookie ? { Cookie: cookie } : {});
