// Votes and reports on comments (spec §7): POST/DELETE /api/comments/{id}/vote, POST /api/comments/{id}/report,
// and the caller's comment-vote history (GET /api/comments/votes/history, for the profile).

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import type { Principal } from "@unbiased/worker-shared/auth/principal";
import { ReportSchema } from "@unbiased/worker-shared/contracts/articles.schema";
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import {
  COMMENT_MESSAGES,
  COMMENT_VOTE_HISTORY_LIMIT,
  type CommentVoteHistoryItem,
  type CommentVoteResult,
  type CommentVoteType,
} from "@unbiased/worker-shared/contracts/comments";
import { CommentVoteSchema } from "@unbiased/worker-shared/contracts/comments.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { conflict, forbidden, notFound, tooManyRequests, unauthorized } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { enforceLimit } from "../http/limits.ts";
import { insertCommentReport } from "../storage/comment-reports.ts";
import { recentCommentVotes, setCommentVote } from "../storage/comment-votes.ts";
import { findCommentOnVisibleArticle } from "../storage/comments.ts";

export const commentFeedbackRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
commentFeedbackRoutes.on(["POST", "DELETE"], "/:id/vote", failureMessage(COMMENT_MESSAGES.failedToVote));
commentFeedbackRoutes.post("/:id/report", failureMessage(COMMENT_MESSAGES.failedToReport));

/**
 * Only approved comments take votes, never one's own. The voter's object counts their limits and
 * refuses a vote once their account is being deleted, and the thread's once the comment is gone (a
 * deletion that raced the checks).
 */
async function vote(env: Env, commentId: string, voter: Principal, voteType: CommentVoteType | null) {
  const db = createDb(env.DB);
  const comment = await findCommentOnVisibleArticle(db, commentId);
  if (comment?.status !== "approved") throw notFound(COMMENT_MESSAGES.notFound);
  if (comment.userId === voter.userId) throw forbidden(COMMENT_MESSAGES.ownComment);
  const { refused, retryAfterMs, upvotes, downvotes, userVote } = await setCommentVote(env, {
    articleId: comment.articleId,
    commentId,
    authorId: comment.userId,
    voterId: voter.userId,
    vote: voteType,
  });
  if (refused === "limited") throw tooManyRequests((retryAfterMs ?? 0) / 1000, COMMENT_MESSAGES.tooManyVotes);
  // The account is being deleted: its session has ended, as every other worker's check will say.
  if (refused === "erased") throw unauthorized(AUTH_MESSAGES.sessionEnded);
  if (refused === "removed") throw notFound(COMMENT_MESSAGES.notFound);
  return { commentId, upvotes, downvotes, userVote };
}

commentFeedbackRoutes.get("/votes/history", requireAuth({ allowBanned: true }), async (c) => {
  const userId = c.get("principal").userId;
  const rows = await recentCommentVotes(c.env, createDb(c.env.DB), userId, COMMENT_VOTE_HISTORY_LIMIT);
  return ok<CommentVoteHistoryItem[]>(
    c,
    rows.map(({ createdAt, commentId, articleId, title, voteType }) => ({
      commentId,
      articleId,
      title,
      voteType,
      timestamp: new Date(createdAt).toISOString(),
    })),
  );
});

commentFeedbackRoutes.post("/:id/vote", requireAuth(), validate("json", CommentVoteSchema), async (c) => {
  const result = await vote(c.env, c.req.param("id"), c.get("principal"), c.req.valid("json").voteType);
  return ok<CommentVoteResult>(c, result);
});

commentFeedbackRoutes.delete("/:id/vote", requireAuth(), async (c) => {
  const result = await vote(c.env, c.req.param("id"), c.get("principal"), null);
  return ok<CommentVoteResult>(c, result);
});

commentFeedbackRoutes.post("/:id/report", requireAuth(), validate("json", ReportSchema), async (c) => {
  const db = createDb(c.env.DB);
  const reporterId = c.get("principal").userId;
  const comment = await findCommentOnVisibleArticle(db, c.req.param("id"));
  if (!comment || comment.status === "deleted") throw notFound(COMMENT_MESSAGES.notFound);
  await enforceLimit(c.env, "report", reporterId);
  const inserted = await insertCommentReport(db, {
    commentId: comment.id,
    articleId: comment.articleId,
    reporterId,
    reason: c.req.valid("json").reason,
  });
  if (!inserted) throw conflict(COMMENT_MESSAGES.alreadyReported);
  return ok(c, { message: COMMENT_MESSAGES.reported, reported: true }, 201);
});
