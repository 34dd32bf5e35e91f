// GET /api/votes/queue/status (ModMe API: staff role and the gate's admin token): the vote-events
// queue's messages by state (spec §3), counted over the last QUEUE_STATUS_WINDOW_HOURS (ADR 003);
// POST /api/votes/queue/replay sends its dead-lettered jobs again.

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import { MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { QUEUE_STATUS_WINDOW_HOURS, type VoteQueueStatusResponse } from "@unbiased/worker-shared/contracts/votes";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { ok } from "@unbiased/worker-shared/http/respond";
import { countJobs } from "@unbiased/worker-shared/queue/jobs";
import { replayDeadLetters } from "@unbiased/worker-shared/queue/replay";
import { Hono } from "hono";
import type { VotesEnv } from "../env.ts";
import { VOTE_EVENTS_QUEUE } from "../jobs/send-vote-events.ts";

export const queueRoutes = new Hono<VotesEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message (http/unavailable.ts).
queueRoutes.get("/status", failureMessage(MODERATION_MESSAGES.fetchQueueFailed));

queueRoutes.get("/status", modmeStaff, async (c) => {
  const data = await countJobs(createDb(c.env.DB), VOTE_EVENTS_QUEUE, QUEUE_STATUS_WINDOW_HOURS * 3600_000);
  return c.json<VoteQueueStatusResponse>({ success: true, data, windowHours: QUEUE_STATUS_WINDOW_HOURS });
});

/** Sends the queue's dead-lettered jobs again, once whatever failed them is fixed (queue/replay.ts). */
queueRoutes.post("/replay", modmeStaff, async (c) =>
  ok(c, await replayDeadLetters(createDb(c.env.DB), c.env.VOTE_EVENTS, VOTE_EVENTS_QUEUE)),
);
