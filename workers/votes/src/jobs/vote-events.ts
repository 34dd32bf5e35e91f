// vote-events queue consumer: writes each vote change from the Durable Objects into D1.
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { parseWith } from "@unbiased/worker-shared/http/validator";
import { runJobBatch, type JobHandler, type JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { recordVoteChange, VoteChangedSchema } from "../storage/vote-events.ts";

export const VOTE_EVENTS_QUEUE = "unbiased-vote-events";

type VoteJobContext = { db: Database };

export const voteJobHandlers: Record<string, JobHandler<VoteJobContext>> = {
  "vote.changed": async (payload, { db, jobId }) => {
    await recordVoteChange(db, jobId, parseWith(VoteChangedSchema, payload));
  },
};

export async function handleVoteEvents(
  batch: MessageBatch<JobMessage>,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  const db = createDb(env.DB);
  await runJobBatch(batch, db, voteJobHandlers, { db });
}
