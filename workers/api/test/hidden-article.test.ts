// Nothing of a hidden article is served or accepted (docs/reliability.md § Hidden articles): from the
// moment the hide answers, votes and comments on it are refused with 404, its counts, thread and
// picture are 404 (the picture before any cache lookup), in every isolate — the votes worker had
// already remembered that the article exists. What readers did before the hide is kept, for their
// history and export and for staff.
import { env, SELF } from "cloudflare:test";
import { articleImagePath } from "@unbiased/worker-shared/contracts/images";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FIXTURES_ORIGIN } from "../../ingest/test/support/origins.ts";
import { commentsService } from "../src/services.ts";
import { BASE, bearer, devSignIn } from "./support/session.ts";

const ARTICLE = "hidden-soon";
const OTHER = "still-visible";
let reader = { token: "", id: "" };
let admin = "";

const call = (method: string, path: string, token?: string, body?: unknown) =>
  SELF.fetch(`${BASE}${path}`, {
    method,
    redirect: "manual",
    headers: { ...(token ? bearer(token) : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const vote = (articleId: string) =>
  call("POST", "/api/votes/vote", reader.token, { articleId, userId: reader.id, voteType: "upvote", voteCount: 1 });

beforeAll(async () => {
  const r = await devSignIn("user", "Hidden Article Reader");
  reader = { token: r.token, id: r.user.id };
  admin = (await devSignIn("admin", "Hidden Article Admin")).token;
  await insertArticle(env.DB, { id: ARTICLE, thumbnailUrl: `${FIXTURES_ORIGIN}/images/photo.jpg` });
  await insertArticle(env.DB, { id: OTHER });
});

describe("before the hide", () => {
  it("takes a vote and a comment, and serves counts, thread and picture", async () => {
    // The vote also makes the votes worker's isolate remember that the article exists.
    expect((await vote(ARTICLE)).status).toBe(200);
    expect((await call("POST", `/api/comments/article/${ARTICLE}`, reader.token, { content: "Before" })).status).toBe(
      201,
    );
    expect((await call("GET", `/api/votes/counts/${ARTICLE}`)).status).toBe(200);
    expect((await call("GET", `/api/comments/article/${ARTICLE}`)).status).toBe(200);
    expect((await call("GET", articleImagePath(ARTICLE, `${FIXTURES_ORIGIN}/images/photo.jpg`))).status).toBe(200);
  });
});

describe("from the moment the hide answers", () => {
  beforeAll(async () => {
    const res = await call("PUT", `/api/articles/admin/${ARTICLE}/hide`, admin, { reason: "Duplicate story" });
    expect(res.status).toBe(200);
  });

  const notFound = async (res: Response) => {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Article not found" });
  };

  it("refuses votes and their removal, and answers its counts and the reader's vote 404", async () => {
    await notFound(await vote(ARTICLE));
    await notFound(await call("DELETE", `/api/votes/vote/${ARTICLE}`, reader.token));
    await notFound(await call("GET", `/api/votes/counts/${ARTICLE}`));
    await notFound(await call("GET", `/api/votes/user/${ARTICLE}/${reader.id}`, reader.token));
    // The objects' batch, and the counts recorded in D1 (a page's first HTML), leave it out alike.
    for (const route of ["/api/votes/counts/batch", "/api/votes/counts/recorded"]) {
      const batch = (await (await call("POST", route, undefined, { articleIds: [ARTICLE, OTHER] })).json()) as {
        results: { articleId: string; success: boolean }[];
      };
      expect(batch.results).toEqual([
        { articleId: ARTICLE, success: false, error: "Article not found" },
        expect.objectContaining({ articleId: OTHER, success: true }),
      ]);
    }
    // Another article is untouched.
    expect((await vote(OTHER)).status).toBe(200);
  });

  it("refuses comments and replies, and answers its thread and count 404 (left out of a batch count)", async () => {
    await notFound(await call("POST", `/api/comments/article/${ARTICLE}`, reader.token, { content: "After" }));
    await notFound(await call("GET", `/api/comments/article/${ARTICLE}`));
    await notFound(await call("GET", `/api/comments/article/${ARTICLE}/count`));
    await notFound(await call("GET", `/article/${ARTICLE}/count`));
    const earlier = await env.DB.prepare("SELECT id FROM comments WHERE article_id = ?").bind(ARTICLE).first<{
      id: string;
    }>();
    const reply = await call("POST", `/api/comments/${earlier!.id}/reply`, reader.token, { content: "A reply" });
    expect(reply.status).toBe(404);
    const batch = (await (
      await call("POST", "/api/comments/article/counts/batch", undefined, { articleIds: [ARTICLE, OTHER] })
    ).json()) as { data: { results: { articleId: string }[] } };
    expect(batch.data.results.map((r) => r.articleId)).toEqual([OTHER]);
  });

  it("answers its picture 404, though the edge cache holds it", async () => {
    const res = await call("GET", articleImagePath(ARTICLE, `${FIXTURES_ORIGIN}/images/photo.jpg`));
    expect(res.status).toBe(404);
  });

  it("keeps what readers did before: the comment, the vote and the reader's history of it", async () => {
    // Its text in its thread's object, D1 keeping the row (ADR 022 step 19).
    const stored = await env.DB.prepare("SELECT id FROM comments WHERE article_id = ?")
      .bind(ARTICLE)
      .first<{ id: string }>();
    expect(stored).toBeTruthy();
    expect(await commentsService(env).commentTexts([{ id: stored?.id ?? "", articleId: ARTICLE }])).toEqual([
      { commentId: stored?.id, body: "Before" },
    ]);
    // The vote's copy lands in D1 through the vote-events queue.
    await vi.waitFor(
      async () => {
        const history = (await (await call("GET", "/api/votes/user/history", reader.token)).json()) as {
          data: { articleId: string }[];
        };
        expect(history.data.map((item) => item.articleId)).toContain(ARTICLE);
      },
      { timeout: 5000, interval: 100 },
    );
  });
});
