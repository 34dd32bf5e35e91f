// ModMe queue numbers. /queue/status: the spec's moderation stats in data.queue (spec §3 "Queue stats
// (moderation)", plus activeUsers for the dashboard). /queue/jobs (our path for the spec's "not shown"
// queue-page call; ADR 012): comment-events message counts per state, as recorded in queue_jobs.
// POST /queue/replay sends the dead-lettered comment-events jobs again.

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import {
  MODERATION_MESSAGES,
  QUEUE_JOBS_WINDOW_MS,
  type QueueJobsData,
  type QueueStatsData,
} from "@unbiased/worker-shared/contracts/moderation";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { countJobs } from "@unbiased/worker-shared/queue/jobs";
import { replayDeadLetters } from "@unbiased/worker-shared/queue/replay";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { COMMENT_EVENTS_QUEUE } from "../jobs/comment-events.ts";
import { moderationQueueStats } from "../storage/staff-users.ts";

export const adminQueueRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
adminQueueRoutes.get("/queue/*", failureMessage(MODERATION_MESSAGES.fetchQueueFailed));

adminQueueRoutes.get("/queue/status", modmeStaff, async (c) =>
  c.json({
    success: true as const,
    data: { queue: await moderationQueueStats(createDb(c.env.DB)) } satisfies QueueStatsData,
  }),
);

adminQueueRoutes.get("/queue/jobs", modmeStaff, async (c) =>
  c.json({
    success: true as const,
    data: {
      queue: await countJobs(createDb(c.env.DB), COMMENT_EVENTS_QUEUE, QUEUE_JOBS_WINDOW_MS),
      windowHours: QUEUE_JOBS_WINDOW_MS / 3600_000,
    } satisfies QueueJobsData,
  }),
);

/** Sends the comment-events queue's dead-lettered jobs again, once whatever failed them is fixed (queue/replay.ts). */
adminQueueRoutes.post("/queue/replay", modmeStaff, async (c) =>
  c.json({
    success: true as const,
    data: await replayDeadLetters(createDb(c.env.DB), c.env.COMMENT_EVENTS, COMMENT_EVENTS_QUEUE),
  }),
);
