// The daily cron: tracking events past the retention (30 days by default) are purged from their days'
// VoteLog objects (a day wholly past it goes altogether, the day it falls in loses its older events),
// and job rows past the queue status window; newer ones stay.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "../src/index.ts";
import { VOTE_EVENTS_QUEUE } from "../src/jobs/vote-events.ts";
import { dayOf, recordEvents, shardOf, voteLog } from "../src/storage/vote-log-days.ts";

const DAY = 24 * 3600_000;

it("purges tracking events older than 30 days and vote job rows older than the status window", async () => {
  const now = Date.now();
  // Two users (so both shards are likely used), on either side of the cut, and one a minute each side
  // of it on the day it falls in.
  const events = (
    [
      ["r-31d", "u", now - 31 * DAY],
      ["r-29d", "u", now - 29 * DAY],
      ["r-35d-other", "someone-else", now - 35 * DAY],
      ["r-cut-before", "u", now - 30 * DAY - 60_000],
      ["r-cut-after", "u", now - 30 * DAY + 60_000],
    ] as const
  ).map(([id, userId, at]) => ({
    id,
    articleId: "a",
    userId,
    voteType: "upvote" as const,
    previousVote: "none" as const,
    ip: "192.0.2.1",
    at,
  }));
  await recordEvents(env, events);
  for (const [id, queue, at] of [
    ["j-old", VOTE_EVENTS_QUEUE, now - 2 * DAY],
    ["j-new", VOTE_EVENTS_QUEUE, now - 1000],
    ["j-other-queue", "unbiased-comment-events", now - 2 * DAY],
  ] as const)
    await env.DB.prepare(
      "INSERT INTO queue_jobs (id, queue, kind, status, attempts, created_at, updated_at) VALUES (?, ?, 'k', 'completed', 1, ?, ?)",
    )
      .bind(id, queue, at, at)
      .run();

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);

  const left = await Promise.all(
    events.map(async (e) => (await voteLog(env, dayOf(e.at), shardOf(e.userId)).eventsOf(e.userId)).map((x) => x.id)),
  );
  expect([...new Set(left.flat())].sort()).toEqual(["r-29d", "r-cut-after"]);
  const jobs = await env.DB.prepare("SELECT id FROM queue_jobs ORDER BY id").all();
  expect(jobs.results.map((r) => r.id)).toEqual(["j-new", "j-other-queue"]);
});
