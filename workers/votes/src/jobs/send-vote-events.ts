// Producer side of the vote-events queue: each event becomes one message whose job id is the event's
// id. Nothing is written to D1 here (ADR 022): the consumer records each batch it writes, and the
// event's own writes are idempotent, so a resend after a failed flush changes nothing.
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import type { VoteChanged } from "../storage/vote-events.ts";

export const VOTE_EVENTS_QUEUE = "unbiased-vote-events";
export const VOTE_CHANGED = "vote.changed";

export interface VoteEvent extends VoteChanged {
  eventId: string;
  /** The request that cast the vote, for the consumer's log line (not part of the stored change). */
  requestId?: string;
}

/** Sends up to 100 events as one queue batch. */
export async function sendVoteEvents(env: Pick<Env, "VOTE_EVENTS">, events: VoteEvent[]): Promise<void> {
  if (events.length === 0) return;
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
