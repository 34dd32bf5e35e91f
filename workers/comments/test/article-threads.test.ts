// Comment votes in the threads' objects (ADR 022): each article's votes in its ArticleThread object,
// each voter's list in their UserCommentVotes object, D1 a copy of the counts and the reputation. Every
// test spans two articles, so two thread objects, as production spreads them.
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { exportCommentVotes } from "../src/storage/comment-votes.ts";
import { userCommentVotes } from "../src/storage/objects.ts";
import { copiedToD1, postApproved, threadOf } from "./support/comments.ts";
import { insertComment, signIn } from "./support/modme.ts";
import { call, type Person, person, scoreOf } from "./support/people.ts";

type Vote = "upvote" | "downvote" | null;

const vote = (who: Person, commentId: string, voteType: Vote) =>
  voteType === null
    ? call("DELETE", `/api/comments/${commentId}/vote`, who)
    : call("POST", `/api/comments/${commentId}/vote`, who, { voteType });

const d1Counts = (commentId: string) =>
  env.DB.prepare("SELECT upvotes, downvotes FROM comments WHERE id = ?").bind(commentId).first();

/** A small deterministic shuffle (the same order on every run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function twoArticles() {
  const [a, b] = [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id];
  const author = await person();
  return {
    a,
    b,
    author,
    onA: await postApproved(author, a, "A comment on the first article"),
    onB: await postApproved(author, b, "A comment on the second article"),
  };
}

/**
 * Two approved comments D1 kept from before the objects: no call has reached their threads yet (a
 * status change would take in the article's old votes, as any first call does).
 */
async function twoLegacyArticles() {
  const [a, b] = [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id];
  const author = await person();
  return {
    a,
    b,
    author,
    onA: await insertComment(author.id, a, { status: "approved" }),
    onB: await insertComment(author.id, b, { status: "approved" }),
  };
}

describe("votes raced and shuffled across two threads", () => {
  it("end with exact counts in the objects and in D1, and the author's reputation by the final votes", async () => {
    const { a, b, author, onA, onB } = await twoArticles();
    const base = await scoreOf(author.id);
    const voters = await Promise.all(Array.from({ length: 8 }, () => person()));
    const choices: Vote[] = ["upvote", "downvote", null];
    // Each voter sends five changes to each comment, all at once, in a shuffled order.
    const requests = voters.flatMap((who, v) =>
      [onA, onB].flatMap((commentId, c) =>
        Array.from({ length: 5 }, (_, i) => () => vote(who, commentId, choices[(v + c + i) % 3] as Vote)),
      ),
    );
    const answers = await Promise.all(shuffled(requests, 7).map((send) => send()));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    await copiedToD1(a);
    await copiedToD1(b);

    let points = 0;
    for (const [articleId, commentId] of [
      [a, onA],
      [b, onB],
    ] as const) {
      const finals = await Promise.all(
        voters.map(
          async (who) =>
            (await threadOf(articleId).read(articleId, who.id, [])).votes.find((v) => v.commentId === commentId)
              ?.voteType ?? null,
        ),
      );
      const expected = {
        upvotes: finals.filter((v) => v === "upvote").length,
        downvotes: finals.filter((v) => v === "downvote").length,
      };
      expect(await d1Counts(commentId)).toEqual(expected);
      points += expected.upvotes - expected.downvotes;
      // Each voter's own list agrees with the thread.
      for (const [i, who] of voters.entries()) {
        const listed = (await userCommentVotes(env, who.id).all()).find((v) => v.commentId === commentId);
        expect(listed?.voteType ?? null).toBe(finals[i]);
      }
    }
    expect(await scoreOf(author.id)).toBe(base + points);
  });
});

describe("D1 refusing the thread's copy", () => {
  it("keeps the changes in the object's outbox until D1 takes them, then writes each once", async () => {
    const { a, author, onA } = await twoArticles();
    const base = await scoreOf(author.id);
    const [x, y] = [await person(), await person()];
    const thread = threadOf(a);
    // D1 refuses every batch of the copy (its table is gone for a while), from before the votes on.
    await env.DB.prepare("ALTER TABLE comment_vote_copies RENAME TO comment_vote_copies_away").run();
    try {
      await vote(x, onA, "upvote");
      await vote(y, onA, "downvote");
      // The alarm finds D1 refusing (here, or already on its own schedule) and sets itself again.
      await runDurableObjectAlarm(thread);
    } finally {
      await env.DB.prepare("ALTER TABLE comment_vote_copies_away RENAME TO comment_vote_copies").run();
    }
    expect(await thread.pendingCopies()).toBe(2);
    expect(await d1Counts(onA)).toEqual({ upvotes: 0, downvotes: 0 });
    // The alarm it set again runs, with no vote to set it: a quiet thread still reaches D1.
    expect(await runDurableObjectAlarm(thread)).toBe(true);
    expect(await thread.pendingCopies()).toBe(0);
    await vote(x, onA, "downvote");
    await copiedToD1(a);
    expect(await d1Counts(onA)).toEqual({ upvotes: 0, downvotes: 2 });
    expect(await scoreOf(author.id)).toBe(base - 2);
  });
});

describe("what a reader sees of their votes", () => {
  it("the thread shows their vote with the object's counts, before D1's copy has caught up", async () => {
    const { a, onA } = await twoArticles();
    const reader = await person();
    // D1 takes no copy meanwhile (its table is away), so its row still says 0.
    await env.DB.prepare("ALTER TABLE comment_vote_copies RENAME TO comment_vote_copies_away").run();
    try {
      await vote(reader, onA, "upvote");
      expect(await d1Counts(onA)).toEqual({ upvotes: 0, downvotes: 0 });
      const thread = await call("GET", `/api/comments/article/${a}`, reader);
      const shown = (thread.data.comments as { id: string; upvotes: number; userVote: Vote }[]).find(
        (c) => c.id === onA,
      );
      expect(shown).toMatchObject({ upvotes: 1, userVote: "upvote" });
    } finally {
      await env.DB.prepare("ALTER TABLE comment_vote_copies_away RENAME TO comment_vote_copies").run();
    }
    await copiedToD1(a);
    expect(await d1Counts(onA)).toEqual({ upvotes: 1, downvotes: 0 });
  });

  it("their history and export list their votes across threads; a comment deleted for good leaves both", async () => {
    const { a, b, onA, onB } = await twoArticles();
    const reader = await person();
    await vote(reader, onA, "upvote");
    await vote(reader, onB, "downvote");
    // The export a moment after the vote has it.
    const exported = await exportCommentVotes(env, createDb(env.DB), reader.id);
    expect(exported.map((v) => [v.commentId, v.articleId, v.voteType])).toEqual([
      [onA, a, "upvote"],
      [onB, b, "downvote"],
    ]);

    const admin = await signIn("admin");
    const removed = await SELF.fetch(`https://comments.test/api/comments/${onB}?permanent=true`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${admin.access}` },
    });
    expect(removed.status).toBe(200);
    const history = await call("GET", "/api/comments/votes/history", reader);
    expect(history.data.map((v: { commentId: string }) => v.commentId)).toEqual([onA]);
    // The thread's object dropped the comment's votes, and refuses a late one.
    expect((await threadOf(b).read(b, reader.id, [])).votes).toEqual([]);
    const late = await threadOf(b).setVote({
      articleId: b,
      commentId: onB,
      authorId: "x",
      voterId: reader.id,
      vote: "upvote",
    });
    expect(late).toMatchObject({ refused: "removed", changed: false });
    await copiedToD1(a);
  });
});

describe("moving the comment votes D1 kept before the objects", () => {
  it("moves every row into both objects, keeps a newer vote, counts nothing twice, and a second run moves nothing", async () => {
    const { a, b, author, onA, onB } = await twoLegacyArticles();
    const [p, q] = [await person(), await person()];
    // As D1 held them before: the vote rows, and the counts and reputation already made from them.
    const legacy: [string, string, string][] = [
      [onA, p.id, "upvote"],
      [onA, q.id, "upvote"],
      [onB, p.id, "downvote"],
    ];
    for (const [commentId, userId, voteType] of legacy)
      await env.DB.prepare(
        "INSERT INTO comment_votes (comment_id, user_id, vote_type, created_at) VALUES (?, ?, ?, 1000)",
      )
        .bind(commentId, userId, voteType)
        .run();
    await env.DB.prepare("UPDATE comments SET upvotes = 2 WHERE id = ?").bind(onA).run();
    await env.DB.prepare("UPDATE comments SET downvotes = 1 WHERE id = ?").bind(onB).run();
    const base = await scoreOf(author.id);

    // Before the move, q switches their vote: the thread takes its article's old votes in first, so
    // the counts move by the difference from q's old upvote, not from nothing.
    expect((await vote(q, onA, "downvote")).data).toMatchObject({ upvotes: 1, downvotes: 1 });
    // And p takes theirs on the second comment back: the export no longer lists D1's old row of it.
    expect((await vote(p, onB, null)).data).toMatchObject({ upvotes: 0, downvotes: 0 });
    const exported = await exportCommentVotes(env, createDb(env.DB), p.id);
    expect(exported.map((v) => [v.commentId, v.voteType])).toEqual([[onA, "upvote"]]);
    // An older version of the worker, still serving during the rollout, writes a vote the thread has
    // not seen, with D1's counts (as it did): the move hands it to the thread, counted once.
    const late = await person();
    await env.DB.prepare(
      "INSERT INTO comment_votes (comment_id, user_id, vote_type, created_at) VALUES (?, ?, 'upvote', ?)",
    )
      .bind(onA, late.id, Date.now() + 1)
      .run();
    await env.DB.prepare("UPDATE comments SET upvotes = upvotes + 1 WHERE id = ?").bind(onA).run();
    await env.DB.prepare(
      `INSERT INTO user_reputation (user_id, score, total_upvotes, updated_at) VALUES (?1, 1, 1, 0)
       ON CONFLICT (user_id) DO UPDATE SET score = score + 1, total_upvotes = total_upvotes + 1`,
    )
      .bind(author.id)
      .run();
    // And it changes p's old upvote on the first comment to a downvote, counts and reputation with it.
    await env.DB.prepare(
      "UPDATE comment_votes SET vote_type = 'downvote', created_at = ? WHERE comment_id = ? AND user_id = ?",
    )
      .bind(Date.now() + 2, onA, p.id)
      .run();
    await env.DB.prepare("UPDATE comments SET upvotes = upvotes - 1, downvotes = downvotes + 1 WHERE id = ?")
      .bind(onA)
      .run();
    await env.DB.prepare(
      `INSERT INTO user_reputation (user_id, score, updated_at) VALUES (?1, -2, 0)
       ON CONFLICT (user_id) DO UPDATE SET score = score - 2`,
    )
      .bind(author.id)
      .run();

    const admin = await signIn("admin");
    const move = async () => {
      const res = await SELF.fetch("https://comments.test/api/comments/admin/votes/move", {
        method: "POST",
        headers: { Authorization: `Bearer ${admin.admin}`, "content-type": "application/json" },
        body: JSON.stringify({ limit: 2 }),
      });
      expect(res.status).toBe(200);
      let page = ((await res.json()) as { data: { moved: number; next: unknown } }).data;
      let moved = page.moved;
      while (page.next) {
        const more = await SELF.fetch("https://comments.test/api/comments/admin/votes/move", {
          method: "POST",
          headers: { Authorization: `Bearer ${admin.admin}`, "content-type": "application/json" },
          body: JSON.stringify({ after: page.next, limit: 2 }),
        });
        page = ((await more.json()) as { data: { moved: number; next: unknown } }).data;
        moved += page.moved;
      }
      return moved;
    };
    expect(await move()).toBeGreaterThanOrEqual(4);
    expect(await move()).toBe(0);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM comment_votes WHERE comment_id IN (?, ?)")
      .bind(onA, onB)
      .first();
    expect(left).toEqual({ n: 0 });

    const listOf = async (who: Person) =>
      (await userCommentVotes(env, who.id).all()).map((v) => [v.commentId, v.voteType]);
    expect(await listOf(p)).toEqual([[onA, "downvote"]]); // the removal stayed removed, the change came
    expect(await listOf(q)).toEqual([[onA, "downvote"]]); // the newer vote stayed
    expect(await listOf(late)).toEqual([[onA, "upvote"]]);
    expect((await threadOf(b).read(b, p.id, [])).votes).toEqual([]);

    // The late voter takes their vote back: the thread knew it, so D1's count comes down by one.
    expect((await vote(late, onA, null)).data).toMatchObject({ upvotes: 0, downvotes: 2 });
    await copiedToD1(a);
    await copiedToD1(b);
    expect(await d1Counts(onA)).toEqual({ upvotes: 0, downvotes: 2 });
    expect(await d1Counts(onB)).toEqual({ upvotes: 0, downvotes: 0 });
    // q's switch (-2), p's removal of a downvote (+1), the late upvote (+1, by the older version) and
    // its removal (-1), p's change by the older version (-2).
    expect(await scoreOf(author.id)).toBe(base - 3);
  });
});

describe("what the objects forget and refuse over time", () => {
  it("a refusal is forgotten by the thread's alarm a day later", async () => {
    const { a, onA } = await twoArticles();
    const leaving = await person();
    await vote(leaving, onA, "upvote");
    await userCommentVotes(env, leaving.id).erase(leaving.id);
    const thread = threadOf(a);
    // The thread keeps the deleted voter's id only to refuse their late votes, and set its alarm to
    // forget it.
    const refusal = await runInDurableObject(thread, (_, state) =>
      state.storage.sql.exec<{ at: number }>("SELECT at FROM refused WHERE id = ?", `user:${leaving.id}`).one(),
    );
    const alarm = await runInDurableObject(thread, (_, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    // A day on (the refusal's time moved back a day): the alarm forgets it.
    await runInDurableObject(thread, (_, state) =>
      state.storage.sql.exec("UPDATE refused SET at = ? WHERE id = ?", refusal.at - 86_400_000, `user:${leaving.id}`),
    );
    await runDurableObjectAlarm(thread);
    const left = await runInDurableObject(thread, (_, state) =>
      state.storage.sql.exec("SELECT count(*) AS n FROM refused").one(),
    );
    expect(left).toEqual({ n: 0 });
  });

  it("counts a voter's comment votes per hour too, in their own object, answering 429 with Retry-After", async () => {
    const { onA, onB } = await twoArticles();
    const busy = await person();
    expect((await vote(busy, onA, "upvote")).status).toBe(200);
    // The hour's window as 300 votes would leave it (each its own call, the minute's limit aside).
    await runInDurableObject(userCommentVotes(env, busy.id), (_, state) =>
      state.storage.sql.exec("UPDATE hour_window SET count = 300"),
    );
    const refused = await vote(busy, onB, "upvote");
    expect(refused).toMatchObject({ status: 429, error: COMMENT_MESSAGES.tooManyVotes });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing reached the thread.
    expect(await d1Counts(onB)).toEqual({ upvotes: 0, downvotes: 0 });
  });
});
