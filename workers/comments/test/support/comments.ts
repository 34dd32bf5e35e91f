// Posting and approving comments the way the product does: through the API, then the real transition.
import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  runDurableObjectAlarm,
} from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import worker from "../../src/index.ts";
import { COMMENT_CREATED, COMMENT_EVENTS_QUEUE } from "../../src/jobs/comment-events.ts";
import { approveComment } from "../../src/storage/comment-status.ts";
import { reputationHistoryOf } from "../../src/storage/reputation-outbox.ts";
import { call, type Person } from "./people.ts";

export async function post(author: Person, articleId: string, content: string) {
  const res = await call("POST", `/api/comments/article/${articleId}`, author, { content });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${res.error}`);
  return res.data.comment.id as string;
}

export async function reply(author: Person, parentId: string, content: string) {
  const res = await call("POST", `/api/comments/${parentId}/reply`, author, { content });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${res.error}`);
  return res.data.comment.id as string;
}

/** A moderator's approval (the same transition ModMe uses). */
export async function approve(commentId: string, actorId: string | null = null) {
  await approveComment(env, createDb(env.DB), { commentId, actorId });
}

export async function postApproved(author: Person, articleId: string, content: string, parentId?: string) {
  const id = parentId ? await reply(author, parentId, content) : await post(author, articleId, content);
  await approve(id);
  return id;
}

/** Delivers a comment.created event to the consumer, as the queue does. */
export async function runConsumer(commentId: string) {
  const body: JobMessage = { jobId: crypto.randomUUID(), kind: COMMENT_CREATED, payload: { commentId } };
  const batch = createMessageBatch(COMMENT_EVENTS_QUEUE, [
    { id: body.jobId, timestamp: new Date(), attempts: 1, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<JobMessage>, env, ctx);
  return getQueueResult(batch, ctx);
}

/** The article's thread object (ADR 022), as the worker reaches it. */
export const threadOf = (articleId: string) => env.ARTICLE_THREADS.get(env.ARTICLE_THREADS.idFromName(articleId));

/** The texts the article's thread object keeps (ADR 022 step 19), by comment id. */
export async function threadTexts(articleId: string): Promise<Map<string, string>> {
  const { texts } = await threadOf(articleId).read(articleId, null, "all");
  return new Map(texts.map((text) => [text.commentId, text.body]));
}

/**
 * The article's comments as D1 keeps them, in posting order, each with its text: the thread's when D1
 * keeps only its digest (and the digest must then be all D1 has of it).
 */
export async function storedComments(articleId: string) {
  const { results } = await env.DB.prepare(
    `SELECT id, user_id AS userId, content, text_in_thread AS inThread, status FROM comments
     WHERE article_id = ? ORDER BY rowid`,
  )
    .bind(articleId)
    .all<{ id: string; userId: string; content: string; inThread: number; status: string }>();
  const texts = await threadTexts(articleId);
  return results.map(({ inThread, content, ...row }) => {
    if (inThread && !/^sha256:[\w-]{22}$/.test(content)) throw new Error(`comment ${row.id} keeps its text in D1`);
    return { ...row, content: inThread ? texts.get(row.id) : content };
  });
}

/**
 * Runs the thread's pending alarm now, as the platform would a moment later: D1's copy of its comment
 * votes (the counts, the authors' reputation) is then complete.
 */
export async function copiedToD1(articleId: string): Promise<void> {
  const thread = threadOf(articleId);
  await runDurableObjectAlarm(thread);
  const pending = await thread.pendingCopies();
  if (pending > 0) throw new Error(`${pending} comment vote changes still wait for D1`);
}

/** A user's reputation history: their object's entries and any still in D1's outbox (ADR 022). */
export const historyOf = (userId: string) => reputationHistoryOf(env, createDb(env.DB), userId);
