// The D1 row meter every unit of work logs (db/row-meter.ts): rows written come from D1's own meta,
// index entries included, for single statements, batches and writes with RETURNING; reads without
// meta count what they returned; a nested unit leaves the counting to the enclosing one.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { meterRows, rowFields } from "@unbiased/worker-shared/db/row-meter";
import { userArticleVotes } from "@unbiased/worker-shared/db/schema/index";
import { openRequestDatabase } from "@unbiased/worker-shared/db/session";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

const vote = (userId: string, articleId: string) => ({ userId, articleId, voteType: "upvote" as const, updatedAt: 1 });

it("counts each write's rows with its index entries, in statements and batches", async () => {
  const db = createDb(env.DB);
  const { rows } = await meterRows(async () => {
    await db.insert(userArticleVotes).values(vote("meter-u1", "meter-a1"));
    await db.batch([
      db.insert(userArticleVotes).values(vote("meter-u2", "meter-a1")),
      db.insert(userArticleVotes).values(vote("meter-u3", "meter-a1")),
    ]);
  });
  // user_article_votes: the row, its primary key's index and the recent-votes index, for each of 3 votes.
  expect(rows).toMatchObject({ written: 9 });
  expect(rowFields(rows)).toMatchObject({ d1RowsWritten: 9 });
});

it("counts a write with RETURNING exactly, index entries included, as the same write without it", async () => {
  const db = createDb(env.DB);
  await db.insert(userArticleVotes).values([vote("meter-u5", "meter-a4"), vote("meter-u5", "meter-a5")]);
  await db.insert(userArticleVotes).values([vote("meter-u6", "meter-a4"), vote("meter-u6", "meter-a5")]);
  const returning = await meterRows(async () =>
    db
      .update(userArticleVotes)
      .set({ updatedAt: 2 })
      .where(eq(userArticleVotes.userId, "meter-u5"))
      .returning({ articleId: userArticleVotes.articleId, updatedAt: userArticleVotes.updatedAt })
      .then((updated) => updated),
  );
  const plain = await meterRows(async () =>
    db.update(userArticleVotes).set({ updatedAt: 2 }).where(eq(userArticleVotes.userId, "meter-u6")),
  );
  // Drizzle still gets its rows, each field in its place.
  expect(returning.value.sort((a, b) => a.articleId.localeCompare(b.articleId))).toEqual([
    { articleId: "meter-a4", updatedAt: 2 },
    { articleId: "meter-a5", updatedAt: 2 },
  ]);
  // The two rows and the recent-votes index entries their new time moved, as D1's meta counts them.
  expect(returning.rows?.written).toBeGreaterThan(2);
  expect(returning.rows).toMatchObject({ written: plain.rows?.written, returned: 0 });
});

it("counts the rows a read without meta returned, and nothing twice in a nested unit", async () => {
  const db = createDb(env.DB);
  await db.insert(userArticleVotes).values([vote("meter-u4", "meter-a2"), vote("meter-u4", "meter-a3")]);
  const { rows, value: inner } = await meterRows(async () => {
    const nested = await meterRows(() =>
      db
        .select({ a: userArticleVotes.articleId })
        .from(userArticleVotes)
        .where(eq(userArticleVotes.userId, "meter-u4")),
    );
    await db.delete(userArticleVotes).where(eq(userArticleVotes.userId, "meter-u4"));
    return nested;
  });
  expect(inner.rows).toBeNull();
  expect(inner.value).toHaveLength(2);
  expect(rows?.returned).toBe(2);
  // The delete's rows, as local D1 counts them (the two rows; it leaves out their index entries).
  expect(rows?.written).toBeGreaterThanOrEqual(2);
  expect(rows?.read).toBeGreaterThanOrEqual(2);
});

it("logs nothing for a unit that touched no D1", async () => {
  const { rows } = await meterRows(async () => 1);
  expect(rowFields(rows)).toEqual({});
});

// A request's rows are counted by its D1 session's binding, with no scope around the request (a scope
// around every request cost a quarter of a cached page's CPU: ADR 020).
it("counts a request's rows on its session's binding, and only there", async () => {
  const request = openRequestDatabase(env.DB, () => "first-primary");
  const db = createDb(request.binding);
  const { rows: scoped } = await meterRows(async () => {
    await db.insert(userArticleVotes).values(vote("meter-u9", "meter-a9"));
    await db.select().from(userArticleVotes).where(eq(userArticleVotes.userId, "meter-u9"));
  });
  expect(request.rows()).toMatchObject({ written: 3, returned: 1 });
  // An enclosing scope (a task around it) does not count the same rows again.
  expect(scoped).toMatchObject({ read: 0, written: 0, returned: 0 });
});
