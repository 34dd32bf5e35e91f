// Replaying dead-lettered jobs. When a job's retries run out, the dead-letter consumer marks it failed
// and keeps its message body (jobs.ts, runDeadLetterBatch); once the cause is fixed (D1 back, a bug
// deployed away), a ModMe call sends those bodies to the queue again. The same job id goes with them,
// so the consumers' idempotence by job id holds: a job that completed meanwhile is acknowledged without
// running, and a vote event or a moderation decision is applied once however often it is replayed.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { QueueReplayData } from "../contracts/moderation.ts";
import type { Database } from "../db/client.ts";
import { inJsonList } from "../db/json-list.ts";
import { queueJobs } from "../db/schema/index.ts";
import type { JobMessage } from "./jobs.ts";

/** Jobs re-sent per call: one queue batch (Cloudflare's sendBatch takes at most 100 messages). */
export const REPLAY_BATCH = 100;

/**
 * Claims up to REPLAY_BATCH of the queue's dead-lettered jobs (failed, with a kept body) and sends them
 * again. The claim is one conditional UPDATE (failed → pending), so two replays at once never send the
 * same job twice; if the send fails, the claimed jobs go back to failed for a later replay.
 */
export async function replayDeadLetters(
  db: Database,
  queue: Queue<JobMessage>,
  queueName: string,
): Promise<QueueReplayData> {
  const waiting = db
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(and(eq(queueJobs.queue, queueName), eq(queueJobs.status, "failed"), isNotNull(queueJobs.body)))
    .orderBy(queueJobs.updatedAt)
    .limit(REPLAY_BATCH);
  const claimed = await db
    .update(queueJobs)
    .set({ status: "pending", updatedAt: Date.now() })
    .where(and(inArray(queueJobs.id, waiting), eq(queueJobs.status, "failed")))
    .returning({ id: queueJobs.id, body: queueJobs.body });
  if (claimed.length === 0) return { replayed: 0, jobIds: [] };
  const jobIds = claimed.map((job) => job.id);
  try {
    await queue.sendBatch(claimed.map((job) => ({ body: JSON.parse(String(job.body)) as JobMessage })));
  } catch (err) {
    await db
      .update(queueJobs)
      .set({ status: "failed", lastError: `replay send failed: ${String(err)}`, updatedAt: Date.now() })
      .where(inJsonList(queueJobs.id, jobIds));
    throw err;
  }
  return { replayed: jobIds.length, jobIds };
}
