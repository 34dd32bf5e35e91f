// The daily cron: tracking rows past the retention (30 days by default) and job rows past the queue
// status window are purged; newer ones stay.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "../src/index.ts";
import { VOTE_EVENTS_QUEUE } from "../src/jobs/vote-events.ts";

const DAY = 24 * 3600_000;

it("purges tracking rows older than 30 days and vote job rows older than the status window", async () => {
  const now = Date.now();
  for (const [id, at] of [
    ["r-31d", now - 31 * DAY],
    ["r-29d", now - 29 * DAY],
  ] as const)
    await env.DB.prepare(
      "INSERT INTO vote_events (id, article_id, user_id, vote_type, previous_vote, ip, created_at) VALUES (?, 'a', 'u', 'upvote', 'none', '192.0.2.1', ?)",
    )
      .bind(id, at)
      .run();
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

  const events = await env.DB.prepare("SELECT id FROM vote_events ORDER BY id").all();
  expect(events.results.map((r) => r.id)).toEqual(["r-29d"]);
  const jobs = await env.DB.prepare("SELECT id FROM queue_jobs ORDER BY id").all();
  expect(jobs.results.map((r) => r.id)).toEqual(["j-new", "j-other-queue"]);
});
