// Comments service, public part (spec §7): threads, counts, posting and replying, deleting, and the
// article-page staff action (deactivate). Votes and reports are in comment-feedback.ts.

import { BANNED_MESSAGE, requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { assertMayActOnUser } from "@unbiased/worker-shared/auth/staff";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import { isStaffRole } from "@unbiased/worker-shared/contracts/auth";
import {
  COMMENT_MESSAGES,
  type CommentCount,
  type CommentCountsBatch,
  type PostedComment,
} from "@unbiased/worker-shared/contracts/comments";
import {
  CountsBatchSchema,
  DeactivateSchema,
  DeleteQuerySchema,
  NewCommentSchema,
  NewReplySchema,
} from "@unbiased/worker-shared/contracts/comments.schema";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { readsOnly } from "@unbiased/worker-shared/http/d1-session";
import { badRequest, forbidden, notFound, unauthorized } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { logLine } from "@unbiased/worker-shared/http/trace";
import { validate } from "@unbiased/worker-shared/http/validator";
import { sendInboxEntriesSoon } from "@unbiased/worker-shared/inbox/outbox";
import { sendBatchTrackedJob } from "@unbiased/worker-shared/queue/batch-jobs";
import { type Context, Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { enforceLimit } from "../http/limits.ts";
import { optionalViewer } from "../http/viewer.ts";
import { COMMENT_CREATED, COMMENT_EVENTS_QUEUE, type CommentCreatedPayload } from "../jobs/comment-events.ts";
import { deactivateComment, deleteComment, permanentlyDeleteComment } from "../storage/comment-status.ts";
import {
  articleIsVisible,
  authorSummary,
  type CommentRow,
  countApproved,
  findComment,
  findCommentOnVisibleArticle,
  loadThread,
  visibleArticleIds,
} from "../storage/comments.ts";
import { articleThread, userCommentVotes } from "../storage/objects.ts";
import { insertComment } from "../storage/post-comment.ts";
import { sendReputationEntriesSoon } from "../storage/reputation-outbox.ts";
import { buildThread, toPublicComment } from "../thread/build-thread.ts";

export const commentRoutes = new Hono<CommentsEnv>();

/** GET {prefix}/article/{id}/count: mounted under /api/comments and the spec's alternate paths. */
export const commentCountRoutes = new Hono<CommentsEnv>();
commentCountRoutes.get("/article/:articleId/count", async (c) => {
  const articleId = c.req.param("articleId");
  const db = createDb(c.env.DB);
  if (!(await articleIsVisible(db, articleId))) throw notFound(COMMENT_MESSAGES.articleNotFound);
  const counts = await countApproved(db, [articleId]);
  return ok<CommentCount>(c, { articleId, commentCount: counts.get(articleId) ?? 0 });
});

commentRoutes.route("/", commentCountRoutes);
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
commentRoutes.get("/article/:articleId", failureMessage(COMMENT_MESSAGES.failedToLoad));
commentRoutes.post("/article/:articleId", failureMessage(COMMENT_MESSAGES.failedToPost));
commentRoutes.post("/:id/reply", failureMessage(COMMENT_MESSAGES.failedToReply));
commentRoutes.delete("/:id", failureMessage(COMMENT_MESSAGES.failedToDelete));
commentRoutes.put("/:id/deactivate", failureMessage(COMMENT_MESSAGES.failedToDeactivate));

commentRoutes.post("/article/counts/batch", readsOnly, validate("json", CountsBatchSchema), async (c) => {
  const { articleIds } = c.req.valid("json");
  const db = createDb(c.env.DB);
  // A hidden (or unknown) article has no count to give: it is left out of the results.
  const requested = [...new Set(articleIds)];
  const visible = await visibleArticleIds(db, requested);
  const unique = requested.filter((id) => visible.has(id));
  const counts = await countApproved(db, unique);
  const results = unique.map((articleId) => ({ articleId, commentCount: counts.get(articleId) ?? 0 }));
  return ok<CommentCountsBatch>(c, { results, total: results.reduce((sum, r) => sum + r.commentCount, 0) });
});

commentRoutes.get("/article/:articleId", optionalViewer, async (c) => {
  const viewer = c.get("viewer") ?? null;
  const started = performance.now();
  const db = createDb(c.env.DB);
  const articleId = c.req.param("articleId");
  if (!(await articleIsVisible(db, articleId))) throw notFound(COMMENT_MESSAGES.articleNotFound);
  const { rows, votes } = await loadThread(c.env, db, articleId, viewer?.userId ?? null);
  // The thread's round trips (its object's read, then D1's for the authors' names and scores), for
  // `npm run bench` (tests/bench/comments.ts).
  c.header("Server-Timing", `db;dur=${(performance.now() - started).toFixed(1)}`);
  c.header("Cache-Control", "private, no-store");
  return ok(c, buildThread(rows, viewer, votes));
});

commentRoutes.post("/article/:articleId", requireAuth(), validate("json", NewCommentSchema), async (c) => {
  const db = createDb(c.env.DB);
  const articleId = c.req.param("articleId");
  if (!(await articleIsVisible(db, articleId))) throw notFound(COMMENT_MESSAGES.articleNotFound);
  const userId = c.get("principal").userId;
  await enforceLimit(c.env, "comment", userId);
  const author = await authorSummary(db, userId);
  const comment = await insertComment(
    c.env,
    db,
    { articleId, userId, parentId: null, content: c.req.valid("json").content },
    c.get("principal").sessionId,
  );
  return posted(c, db, comment, author, COMMENT_MESSAGES.postedPending);
});

commentRoutes.post("/:id/reply", requireAuth(), validate("json", NewReplySchema), async (c) => {
  const db = createDb(c.env.DB);
  const userId = c.get("principal").userId;
  const parent = await findCommentOnVisibleArticle(db, c.req.param("id"));
  if (!parent) throw notFound(COMMENT_MESSAGES.notFound);
  // Replies go under what the replier can see: an approved comment, or their own pending one.
  const visible = parent.status === "approved" || (parent.status === "pending" && parent.userId === userId);
  if (!visible) throw badRequest(COMMENT_MESSAGES.cannotReply);
  await enforceLimit(c.env, "reply", userId);
  const author = await authorSummary(db, userId);
  const comment = await insertComment(
    c.env,
    db,
    { articleId: parent.articleId, userId, parentId: parent.id, content: c.req.valid("json").content },
    c.get("principal").sessionId,
  );
  return posted(c, db, comment, author, COMMENT_MESSAGES.replyPending);
});

/**
 * Stored as pending; the comment-events consumer decides (moderation/auto-moderate.ts). The author was
 * read before the insert, so once the comment is stored nothing here can fail the request: a 503 after
 * the insert would tell the author to post again what is already saved.
 */
async function posted(
  c: Context<CommentsEnv>,
  db: Database,
  comment: CommentRow,
  author: { name: string; score: number },
  message: string,
) {
  try {
    await sendBatchTrackedJob<CommentCreatedPayload>(
      db,
      c.env.COMMENT_EVENTS,
      COMMENT_EVENTS_QUEUE,
      COMMENT_CREATED,
      { commentId: comment.id },
      { requestId: c.get("requestId") },
    );
  } catch (err) {
    // The comment is saved and pending either way; a moderator still sees it in ModMe, and the refused
    // job waits as failed for Queue Status's replay.
    console.error(`comment ${comment.id}: could not queue its moderation:`, err);
  }
  const body: PostedComment = {
    message,
    comment: toPublicComment(
      { ...comment, userName: author.name, userReputation: author.score },
      { userId: comment.userId },
      null,
    ),
  };
  return ok(c, body, 201);
}

commentRoutes.delete(
  "/:id",
  async (c, next) => {
    // Spec §8 wording for a signed-out delete, before the shared 'Authentication required'.
    if (!c.req.header("Authorization")) throw unauthorized(COMMENT_MESSAGES.loginToDelete);
    await next();
  },
  // A banned user may still delete their own comments (their data, their right); anything else is a
  // staff action, which a ban takes away.
  requireAuth({ allowBanned: true }),
  validate("query", DeleteQuerySchema),
  async (c) => {
    const db = createDb(c.env.DB);
    const principal = c.get("principal");
    const comment = await findComment(db, c.req.param("id"));
    if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
    const own = comment.userId === principal.userId;
    if (c.req.valid("query").permanent === "true") {
      if (principal.role !== "admin") throw forbidden(COMMENT_MESSAGES.onlyAdminsPermanentDelete);
      if (principal.banned) throw forbidden(BANNED_MESSAGE);
      if (!own) await assertMayActOnUser(db, principal, comment.userId);
      // Its votes, text and record leave the thread's object first, which refuses votes and status
      // changes still on the way and moves its replies up (ADR 022): when D1's delete then fails, the
      // thread no longer shows it, and the admin's retry finds D1's row again and finishes it.
      await articleThread(c.env, comment.articleId).dropComments(
        comment.articleId,
        [{ id: comment.id, parentId: comment.parentId }],
        "removed",
      );
      await permanentlyDeleteComment(db, { commentId: comment.id, actorId: principal.userId });
      // Off its author's list only once D1's row is gone (ADR 022 step 26): the list may name a comment
      // D1 no longer has (its readers skip it), never miss one it has; so a failure here is only logged.
      // A '[deleted]' placeholder is on no one's list.
      if (comment.userId !== DELETED_USER.id)
        await userCommentVotes(c.env, comment.userId)
          .forgetAuthored([comment.id])
          .catch((error: unknown) =>
            logLine("error", {
              msg: "a removed comment stays in its author's list",
              commentId: comment.id,
              error: String(error),
            }),
          );
      return ok(c, { message: COMMENT_MESSAGES.deletedPermanently, id: comment.id, permanent: true });
    }
    if (!own && principal.role !== "admin") throw forbidden(COMMENT_MESSAGES.notYourComment);
    if (!own && principal.banned) throw forbidden(BANNED_MESSAGE);
    if (!own) await assertMayActOnUser(db, principal, comment.userId);
    await deleteComment(c.env, db, { commentId: comment.id, actorId: own ? null : principal.userId });
    return ok(c, { message: COMMENT_MESSAGES.deleted, id: comment.id, permanent: false });
  },
);

// Hide and Send to queue on the article page (spec §4/§5): a moderator or admin with the plain access
// token; the message and default reason depend on which button called it.
commentRoutes.put("/:id/deactivate", requireAuth(), validate("json", DeactivateSchema), async (c) => {
  const principal = c.get("principal");
  const { reason, action = "hide" } = c.req.valid("json");
  // The button that called it names the failure (spec §8), once the body says which one it was.
  c.set("failureMessage", action === "queue" ? COMMENT_MESSAGES.failedToQueue : COMMENT_MESSAGES.failedToHide);
  if (!isStaffRole(principal.role)) {
    throw forbidden(action === "queue" ? COMMENT_MESSAGES.noPermissionToQueue : COMMENT_MESSAGES.noPermissionToHide);
  }
  const db = createDb(c.env.DB);
  const target = await findComment(db, c.req.param("id"));
  if (!target) throw notFound(COMMENT_MESSAGES.notFound);
  await assertMayActOnUser(db, principal, target.userId);
  const defaultReason = action === "queue" ? COMMENT_MESSAGES.sentToQueueByAdmin : COMMENT_MESSAGES.hiddenByModerator;
  const { comment } = await deactivateComment(c.env, db, {
    commentId: c.req.param("id"),
    actorId: principal.userId,
    reason: reason || defaultReason,
  });
  sendInboxEntriesSoon(c.env, c.executionCtx);
  sendReputationEntriesSoon(c.env, c.executionCtx);
  return ok(c, {
    message: action === "queue" ? COMMENT_MESSAGES.sentToQueue : COMMENT_MESSAGES.hidden,
    id: comment.id,
    status: comment.status,
    reason: comment.statusReason,
  });
});
