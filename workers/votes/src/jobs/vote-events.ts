// vote-events queue consumer: writes each vote change from the ArticleVotes objects into D1 (history,
// tracking rows, the article stats the popularity sort reads). It follows the job life cycle of ADR 003
// (processing → completed, or back to pending with a retry; when the retries run out, the dead-letter
// queue, whose consumer marks the job failed) but works a whole batch at once: one read of the jobs' states, one batch marking
// them processing, one batch with every event's writes and completions. Only when that batch fails
// (one bad event rolls it all back) are the events retried one by one, so a bad event cannot hold up
// the others and a good one is never written twice.
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
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
import { type VoteChanged, VoteChangedSchema, voteChangeStatements } from "../storage/vote-events.ts";
import { completedJobIds, markCompletedStatement, markFailure, markProcessing } from "../storage/vote-jobs.ts";
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

  // A redelivered message whose job already completed is acknowledged without running again.
  const done = await completedJobIds(
    db,
    jobs.map((m) => m.body.jobId),
  );
  const todo = jobs.filter((m) => {
    if (!done.has(m.body.jobId)) return true;
    m.ack();
    return false;
  });
  if (todo.length === 0) return;
  await markProcessing(
    db,
    batch.queue,
    todo.map((m) => ({ id: m.body.jobId, kind: m.body.kind })),
  );

  const parsed: Parsed[] = [];
  for (const message of todo) {
    try {
      if (message.body.kind !== VOTE_CHANGED) throw new Error(`no handler for job kind "${message.body.kind}"`);
      parsed.push({ message, jobId: message.body.jobId, change: parseWith(VoteChangedSchema, message.body.payload) });
    } catch (err) {
      await fail(db, message, errorText(err));
    }
  }
  if (parsed.length === 0) return;

  try {
    await writeAll(db, parsed);
    for (const p of parsed) completed(batch.queue, p);
  } catch {
    for (const p of parsed) {
      try {
        await writeAll(db, [p]);
        completed(batch.queue, p);
      } catch (err) {
        await fail(db, p.message, errorText(err));
      }
    }
  }
}

/** Every event's writes and its job's completion, in one transaction. */
async function writeAll(db: Database, items: Parsed[]): Promise<void> {
  const now = Date.now();
  const statements = items.flatMap((p) => [
    ...voteChangeStatements(db, p.jobId, p.change),
    markCompletedStatement(db, p.jobId, now),
  ]);
  await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
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
async function fail(db: Database, message: Message<JobMessage>, error: string): Promise<void> {
  await markFailure(db, message.body.jobId, error);
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
