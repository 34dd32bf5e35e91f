// ModMe decisions on a pending comment (spec §7): PUT /api/comments/{id}/approve and
// PUT /api/comments/{id}/reject {banType, hours, reason}. A rejection with a ban writes the ban, its
// log entry and the ban notice in the same D1 batch as the status change (storage/comment-status.ts).

import { assertMayActOnUser, modmeStaff } from "@unbiased/worker-shared/auth/staff";
import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import { MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { RejectSchema } from "@unbiased/worker-shared/contracts/moderation.schema";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { statement } from "@unbiased/worker-shared/db/raw-batch";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { validate } from "@unbiased/worker-shared/http/validator";
import { sendInboxEntriesSoon } from "@unbiased/worker-shared/inbox/outbox";
import { Hono } from "hono";
import { banNoticeEmail } from "../email/ban-notice.ts";
import { deliverOutbox } from "../email/deliver-outbox.ts";
import { emailSenderFor } from "../email/sender.ts";
import type { CommentsEnv } from "../env.ts";
import { banStatements } from "../storage/bans.ts";
import { approveComment, rejectComment } from "../storage/comment-status.ts";
import { findCommentWithAuthor } from "../storage/comments.ts";
import { outboxInsertStatement } from "../storage/outbox.ts";
import { sendReputationEntriesSoon } from "../storage/reputation-outbox.ts";

export const adminDecisionRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
adminDecisionRoutes.put("/:id/approve", failureMessage(MODERATION_MESSAGES.approveFailed));
adminDecisionRoutes.put("/:id/reject", failureMessage(MODERATION_MESSAGES.rejectFailed));

adminDecisionRoutes.put("/:id/approve", modmeStaff, async (c) => {
  const { comment } = await approveComment(c.env, createDb(c.env.DB), {
    commentId: c.req.param("id"),
    actorId: c.get("principal").userId,
  });
  sendInboxEntriesSoon(c.env, c.executionCtx);
  sendReputationEntriesSoon(c.env, c.executionCtx);
  return c.json({
    success: true as const,
    data: { id: comment.id, status: "approved" as const },
    message: COMMENT_MESSAGES.approved,
  });
});

adminDecisionRoutes.put("/:id/reject", modmeStaff, validate("json", RejectSchema), async (c) => {
  const { banType, hours, reason } = c.req.valid("json");
  const db = createDb(c.env.DB);
  const principal = c.get("principal");
  const actorId = principal.userId;
  const commentId = c.req.param("id");
  const found = await findCommentWithAuthor(db, commentId);
  if (!found) throw notFound(COMMENT_MESSAGES.notFound);
  // A rejection (with or without a ban) acts against the author: never staff of the same or a higher role.
  await assertMayActOnUser(db, principal, found.comment.userId);
  const ban =
    banType === "none"
      ? null
      : { userId: found.comment.userId, banType, hours, reason: reason || null, actorId, commentId };
  // The ban goes in the rejection's own batch, built on the database the transition hands it.
  const extra = (rec: Database) => {
    if (!ban) return [];
    const made = banStatements(rec, ban);
    return [
      ...made.statements.map((s) => statement(rec, s)),
      outboxInsertStatement(
        rec,
        banNoticeEmail(
          { email: found.authorEmail, name: found.authorName },
          { banType: ban.banType, hours, reason: ban.reason, expiresAt: made.expiresAt },
        ),
      ),
    ];
  };
  const banned = ban !== null;
  const { comment } = await rejectComment(c.env, db, { commentId, actorId, reason: reason || null, extra });
  // The ban notice goes out now rather than at the next cron run; the moderator does not wait for it.
  if (banned) c.executionCtx.waitUntil(deliverOutbox(db, emailSenderFor(c.env)).catch(() => undefined));
  sendInboxEntriesSoon(c.env, c.executionCtx);
  sendReputationEntriesSoon(c.env, c.executionCtx);
  return c.json({
    success: true as const,
    data: { id: comment.id, status: "rejected" as const, banType },
    message: COMMENT_MESSAGES.rejected,
  });
});
