// The daily cron: vote tracking events (which hold IP addresses) older than the retention are deleted
// from the days' VoteLog objects (an emptied day deletes its storage), and so are this queue's job
// rows older than the status window, which no longer count anywhere.
import { QUEUE_STATUS_WINDOW_HOURS } from "@unbiased/worker-shared/contracts/votes";
import { createDb } from "@unbiased/worker-shared/db/client";
import { purgeJobs } from "@unbiased/worker-shared/queue/batch-jobs";
import { retentionDays } from "../config.ts";
import { purgeTracking } from "../storage/tracking.ts";
import { VOTE_EVENTS_QUEUE } from "./send-vote-events.ts";

export interface RetentionReport {
  trackingRows: number;
  jobRows: number;
}

export async function purgeExpired(env: Env, now = Date.now()): Promise<RetentionReport> {
  const db = createDb(env.DB);
  const trackingRows = await purgeTracking(env, retentionDays(env) * 24, now);
  const jobRows = await purgeJobs(db, VOTE_EVENTS_QUEUE, now - QUEUE_STATUS_WINDOW_HOURS * 3600_000);
  return { trackingRows, jobRows };
}
