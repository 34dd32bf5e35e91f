// Producer side of the vote-events queue: each event becomes one message whose job id is the event's
// id, with a `pending` row in queue_jobs written first (ADR 003), so Queue Status counts real messages
// and a resend after a failed flush is recognised by the consumer as the same job.
import { createDb } from "@unbiased/worker-shared/db/client";
import { queueJobs } from "@unbiased/worker-shared/db/schema/index";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import type { VoteChanged } from "../storage/vote-events.ts";

export const VOTE_EVENTS_QUEUE = "unbiased-vote-events";
export const VOTE_CHANGED = "vote.changed";

export interface VoteEvent extends VoteChanged {
  eventId: string;
  /** The request that cast the vote, for the consumer's log line (not part of the stored change). */
  requestId?: string;
}

/** Records up to 100 events as pending jobs (one D1 batch) and sends them as one queue batch. */
export async function sendVoteEvents(env: Pick<Env, "DB" | "VOTE_EVENTS">, events: VoteEvent[]): Promise<void> {
  if (events.length === 0) return;
  const db = createDb(env.DB);
  const now = Date.now();
  const inserts = events.map((event) =>
    db
      .insert(queueJobs)
      .values({
        id: event.eventId,
        queue: VOTE_EVENTS_QUEUE,
        kind: VOTE_CHANGED,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })
      // A resend must not move a job the consumer already completed back to pending.
      .onConflictDoNothing(),
  );
  await db.batch(inserts as [(typeof inserts)[0], ...typeof inserts]);
  await env.VOTE_EVENTS.sendBatch(
    events.map(({ eventId, requestId, ...payload }) => ({
      body: {
        jobId: eventId,
        kind: VOTE_CHANGED,
        payload,
        ...(requestId ? { requestId } : {}),
      } satisfies JobMessage<VoteChanged>,
    })),
  );
}
