// Posting a comment (ADR 022 step 19): its text goes to the article's ArticleThread object with its
// record (pending: the thread decides its status from then on, step 29), D1's row keeps a digest of
// the text, and a post that fails leaves neither behind. The comment is listed in its
// author's UserCommentVotes object first too (step 26), and taken off again when D1 refuses it.

import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import type { Database } from "@unbiased/worker-shared/db/client";
import { abortUnless, isAbort, raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { comments } from "@unbiased/worker-shared/db/schema/index";
import { unauthorized } from "@unbiased/worker-shared/http/errors";
import { logLine } from "@unbiased/worker-shared/http/trace";
import { recordOfRow } from "./comment-records.ts";
import { textDigest } from "./comment-texts.ts";
import type { CommentRow } from "./comments.ts";
import { articleThread, userCommentVotes } from "./objects.ts";

export interface NewComment {
  articleId: string;
  userId: string;
  parentId: string | null;
  content: string;
}

/**
 * A new comment, pending: its text into the article's thread object first, then D1's row with the
 * text's digest (storage/comment-texts.ts), in a batch that first checks the poster's session has not
 * ended. An account deletion ends every session before it looks for the user's comments, so a post
 * still on its way then stores nothing, in D1 or in the thread, and answers 401 (as the author's object
 * does once the deletion has reached it). When D1 refuses the row, its text and its place in the
 * author's list are dropped again. The returned row carries the text.
 */
export async function insertComment(
  env: Env,
  db: Database,
  input: NewComment,
  sessionId: string,
  now = Date.now(),
): Promise<CommentRow> {
  const row: CommentRow = {
    ...input,
    id: crypto.randomUUID(),
    content: await textDigest(input.content),
    textInThread: true,
    status: "pending",
    statusReason: null,
    upvotes: 0,
    downvotes: 0,
    createdAt: now,
    updatedAt: now,
    approvedAt: null,
    inApprovedTab: false,
  };
  const listed = { commentId: row.id, articleId: row.articleId, digest: row.content, createdAt: now };
  const [kept, inList] = await Promise.allSettled([
    articleThread(env, input.articleId).postComment({ commentId: row.id, body: input.content }, recordOfRow(row)),
    userCommentVotes(env, input.userId).listAuthored([listed]),
  ]);
  if (kept.status === "rejected" || inList.status === "rejected" || !inList.value) {
    // D1 was never asked: nothing of it is stored there.
    await dropRefused(env, row, false);
    if (kept.status === "rejected") throw kept.reason;
    if (inList.status === "rejected") throw inList.reason;
    throw unauthorized(AUTH_MESSAGES.sessionEnded);
  }
  try {
    await runBatch(db, [
      abortUnless(db, "NOT EXISTS (SELECT 1 FROM ended_sessions WHERE session_id = ?)", sessionId),
      db.insert(comments).values(row),
    ]);
  } catch (error) {
    await dropRefused(env, row, isAbort(error) ? false : await storedInD1(db, row.id));
    if (isAbort(error)) throw unauthorized(AUTH_MESSAGES.sessionEnded);
    throw error;
  }
  return { ...row, content: input.content, textInThread: false };
}

/** Whether D1 has the row after all (an insert stored though its answer was lost); null when D1 cannot say. */
async function storedInD1(db: Database, id: string): Promise<boolean | null> {
  try {
    return Boolean(await raw(db, "SELECT 1 AS stored FROM comments WHERE id = ?", id).first());
  } catch {
    return null;
  }
}

/**
 * A comment whose insert failed: unless D1 has its row, its text leaves its thread, also when D1
 * cannot say (its poster was told the post failed, and a text named by no row is one no deletion could
 * find). It leaves its author's list only when D1 surely has no row: the list may name a comment D1
 * lacks (its readers read D1's rows and skip it; the duplicate check may hold the author's retry of the
 * same text for a moderator), never miss one D1 has.
 */
async function dropRefused(env: Env, row: CommentRow, stored: boolean | null): Promise<void> {
  if (stored === true) return;
  const failed = (msg: string) => (error: unknown) =>
    logLine("error", { msg, commentId: row.id, error: String(error) });
  await Promise.all([
    articleThread(env, row.articleId).dropPost(row.id).catch(failed("a refused comment's text stays in its thread")),
    stored === false
      ? userCommentVotes(env, row.userId)
          .forgetAuthored([row.id])
          .catch(failed("a refused comment stays in its author's list"))
      : undefined,
  ]);
}
