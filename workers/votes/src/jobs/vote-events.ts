// vote-events queue consumer: writes each vote change from the ArticleVotes objects to the voter's
// UserVotes object (their history) and to the VoteLog object of its day (tracking); D1's copy of the
// counts is the objects' own write (ADR 022). The objects first, one call per voter and per day, then
// one queue_jobs row counting the batch's messages (ADR 003, per batch since ADR 022) in one D1
// transaction: the stores are not one transaction, so a failure after the objects' writes
// retries the message, and their writes (newer-wins, idempotent by event id) change nothing the
// second time. Only when that transaction fails (one bad event rolls it all back) are the events written one
// by one, so a bad event cannot hold up the others: it alone gets a row of its own, pending for its
// retry, and when the retries run out the dead-letter queue's consumer marks it failed. Every write of
// an event is idempotent (its id, newer-wins), so a redelivered message changes nothing.
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { parseWith } from "@unbiased/worker-shared/http/validator";
import { completedBatchStatements, jobCompleted, jobFailed, jobsToRun } from "@unbiased/worker-shared/queue/batch-jobs";
import { DEAD_LETTER_SUFFIX, type JobMessage, runDeadLetterBatch } from "@unbiased/worker-shared/queue/jobs";
import { existingArticleIds } from "../storage/articles.ts";
import { writeHistories } from "../storage/user-histories.ts";
import { type VoteChanged, VoteChangedSchema } from "../storage/vote-events.ts";
import { recordEvents } from "../storage/vote-log-days.ts";
import { VOTE_CHANGED, VOTE_EVENTS_QUEUE } from "./send-vote-events.ts";

export { VOTE_EVENTS_QUEUE };

interface Parsed {
  message: Message<JobMessage>;
  jobId: string;
  change: VoteChanged;
}

export async function handleVoteEvents(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  const db = createDb(env.DB);
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) return runDeadLetterBatch(batch, db);
  // Messages with a row of their own (a retry, a replay): one that completed meanwhile is acknowledged
  // without running again; the others are marked completed with the batch's writes.
  const { todo, tracked } = await jobsToRun(batch, db);
  if (todo.length === 0) return;

  const parsed: Parsed[] = [];
  for (const message of todo) {
    try {
      if (message.body.kind !== VOTE_CHANGED) throw new Error(`no handler for job kind "${message.body.kind}"`);
      parsed.push({ message, jobId: message.body.jobId, change: parseWith(VoteChangedSchema, message.body.payload) });
    } catch (err) {
      await jobFailed(db, batch.queue, message, err);
    }
  }
  if (parsed.length === 0) return;
  // An event of an article D1 does not have fails before anything of it is written anywhere.
  const existing = await existingArticleIds(
    db,
    parsed.map((p) => p.change.articleId),
  );
  const writable: Parsed[] = [];
  for (const p of parsed) {
    if (existing.has(p.change.articleId)) writable.push(p);
    else await jobFailed(db, batch.queue, p.message, new Error(`article ${p.change.articleId} does not exist`));
  }
  if (writable.length === 0) return;

  try {
    await writeAll(env, db, batch.queue, writable, tracked);
    for (const p of writable) jobCompleted(batch.queue, p.message);
  } catch {
    for (const p of writable) {
      try {
        await writeAll(env, db, batch.queue, [p], tracked);
        jobCompleted(batch.queue, p.message);
      } catch (err) {
        await jobFailed(db, batch.queue, p.message, err);
      }
    }
  }
}

/**
 * Every event's writes and their jobs' record, in one transaction: one row counting the messages that
 * had none, and `completed` on the rows of those that had one.
 */
async function writeAll(
  env: Env,
  db: Database,
  queue: string,
  items: Parsed[],
  tracked: Map<string, string>,
): Promise<void> {
  await Promise.all([
    writeHistories(
      env,
      items.map(({ change }) => ({
        userId: change.userId,
        articleId: change.articleId,
        voteType: change.voteType,
        at: change.at,
        seq: change.seq,
      })),
    ),
    recordEvents(
      env,
      items.map(({ jobId, change }) => ({
        id: jobId,
        articleId: change.articleId,
        userId: change.userId,
        voteType: change.voteType ?? "none",
        previousVote: change.previousVote ?? "none",
        ip: change.ip,
        at: change.at,
      })),
    ),
  ]);
  const statements = completedBatchStatements(
    db,
    queue,
    items.map((p) => p.message.body),
    tracked,
  );
  await runBatch(db, statements);
}
