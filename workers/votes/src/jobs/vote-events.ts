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
import { logLine } from "@unbiased/worker-shared/http/trace";
import { parseWith } from "@unbiased/worker-shared/http/validator";
import {
  DEAD_LETTER_SUFFIX,
  errorText,
  isJobMessage,
  type JobMessage,
  retryDelaySeconds,
  runDeadLetterBatch,
} from "@unbiased/worker-shared/queue/jobs";
import { existingArticleIds } from "../storage/articles.ts";
import { writeHistories } from "../storage/user-histories.ts";
import { type VoteChanged, VoteChangedSchema } from "../storage/vote-events.ts";
import { batchCompletedStatement, markCompletedStatement, markFailure, trackedJobs } from "../storage/vote-jobs.ts";
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
  const jobs = batch.messages.filter((message) => {
    if (isJobMessage(message.body)) return true;
    console.error(`${batch.queue}: dropping malformed message ${message.id}`);
    message.ack();
    return false;
  }) as Message<JobMessage>[];
  if (jobs.length === 0) return;

  // Messages with a row of their own (a retry, a replay): one that completed meanwhile is acknowledged
  // without running again; the others are marked completed with the batch's writes.
  const tracked = await trackedJobs(
    db,
    jobs.map((m) => m.body.jobId),
  );
  const todo = jobs.filter((m) => {
    if (tracked.get(m.body.jobId) !== "completed") return true;
    m.ack();
    return false;
  });
  if (todo.length === 0) return;

  const parsed: Parsed[] = [];
  for (const message of todo) {
    try {
      if (message.body.kind !== VOTE_CHANGED) throw new Error(`no handler for job kind "${message.body.kind}"`);
      parsed.push({ message, jobId: message.body.jobId, change: parseWith(VoteChangedSchema, message.body.payload) });
    } catch (err) {
      await fail(db, batch.queue, message, errorText(err));
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
    else await fail(db, batch.queue, p.message, `article ${p.change.articleId} does not exist`);
  }
  if (writable.length === 0) return;

  try {
    await writeAll(env, db, batch.queue, writable, tracked);
    for (const p of writable) completed(batch.queue, p);
  } catch {
    for (const p of writable) {
      try {
        await writeAll(env, db, batch.queue, [p], tracked);
        completed(batch.queue, p);
      } catch (err) {
        await fail(db, batch.queue, p.message, errorText(err));
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
  const now = Date.now();
  const withRow = items.filter((p) => tracked.has(p.jobId)).map((p) => p.jobId);
  const untracked = items.length - withRow.length;
  const statements = [
    ...(untracked > 0 ? [batchCompletedStatement(db, queue, VOTE_CHANGED, untracked, now)] : []),
    ...(withRow.length > 0 ? [markCompletedStatement(db, withRow, now)] : []),
  ];
  await runBatch(db, statements);
}

/** Acknowledged, with the job's log line (its request id is the vote's, trace.ts). */
function completed(queue: string, p: Parsed): void {
  p.message.ack();
  logLine("info", {
    msg: "job",
    queue,
    kind: VOTE_CHANGED,
    jobId: p.jobId,
    requestId: p.message.body.requestId,
    outcome: "completed",
    attempt: p.message.attempts,
  });
}

/** Back to pending with a retry; when the retries run out the platform dead-letters it (marked failed there). */
async function fail(db: Database, queue: string, message: Message<JobMessage>, error: string): Promise<void> {
  await markFailure(db, queue, { id: message.body.jobId, kind: message.body.kind, attempts: message.attempts }, error);
  message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  logLine("error", {
    msg: "job",
    queue: VOTE_EVENTS_QUEUE,
    kind: message.body.kind,
    jobId: message.body.jobId,
    requestId: message.body.requestId,
    outcome: "retry",
    attempt: message.attempts,
    error,
  });
}
