// Status transitions of a comment (spec §4, ADR 011), each one D1 batch: the conditional status update,
// its reputation event, its e-mail (outbox), its inbox entries (inbox-entries.ts) and, when a person
// did it, its moderation-log entry; when staff took the comment down (reject, deactivate, delete), its
// reports become actioned (ADR 018).
// The status update is conditional on the status read before it, and everything after it is guarded
// on the update having happened, so two moderators acting at once cannot apply a side effect twice.

import {
  COMMENT_MESSAGES,
  type CommentStatus,
  REPUTATION_APPROVED_COMMENT,
  REPUTATION_DEACTIVATION_PENALTY,
  REPUTATION_REASONS,
} from "@unbiased/worker-shared/contracts/comments";
import { MODERATION_ACTIONS, type ModerationAction } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { abortUnless, isAbort, raw, runBatch, statement } from "@unbiased/worker-shared/db/raw-batch";
import { commentReports } from "@unbiased/worker-shared/db/schema/index";
import { conflict, notFound } from "@unbiased/worker-shared/http/errors";
import { reportOutcomeEntries } from "@unbiased/worker-shared/inbox/report-outcomes";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { markReportsActioned } from "@unbiased/worker-shared/report-review";
import { reportsContentRemoved } from "./comment-reports.ts";
import { withText } from "./comment-texts.ts";
import { type CommentRow, findCommentWithAuthor } from "./comments.ts";
import { replyEntryStatements, reviewEntryStatement } from "./inbox-entries.ts";
import { deactivationEmail, outboxInsertStatement } from "./outbox.ts";
import { reputationChangeStatements, type StatementGuard } from "./reputation.ts";
import { settleReputationFalls } from "./reputation-falls.ts";

export interface TransitionInput {
  commentId: string;
  /** The moderator/admin/author who acted; null when the system did (the comment-events consumer). */
  actorId: string | null;
  reason?: string | null;
  /** More statements to run in the same batch (e.g. the ban that goes with a rejection). */
  extra?: D1PreparedStatement[];
}

export interface TransitionResult {
  comment: CommentRow;
  previousStatus: CommentStatus;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof findCommentWithAuthor>>>;

async function load(db: Database, commentId: string): Promise<Loaded> {
  const row = await findCommentWithAuthor(db, commentId);
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  return row;
}

/**
 * The comment with its text from its thread (ADR 022 step 19), for a transition that quotes it to
 * someone (an inbox entry, the deactivation e-mail); the others never ask the thread.
 */
const quoted = async (env: Env, loaded: Loaded): Promise<Loaded> => ({
  ...loaded,
  comment: await withText(env, loaded.comment),
});

interface StatusUpdate {
  from: readonly CommentStatus[];
  to: CommentStatus;
  reason: string | null;
  approvedAt: number | null;
}

/**
 * Runs the conditional status update, then `sideEffects` guarded on it. Throws 409 when the status
 * changed between the read and the write.
 */
async function transition(
  db: Database,
  loaded: Loaded,
  update: StatusUpdate,
  sideEffects: (guard: StatementGuard, now: number) => D1PreparedStatement[],
): Promise<TransitionResult> {
  const now = Date.now();
  const { comment } = loaded;
  const placeholders = update.from.map(() => "?").join(", ");
  const updateStatement = raw(
    db,
    `UPDATE comments SET status = ?, status_reason = ?, approved_at = ?, in_approved_tab = ?, updated_at = ?
     WHERE id = ? AND status IN (${placeholders})`,
    update.to,
    update.reason,
    update.approvedAt,
    // An approval joins ModMe's Approved tab; any other move leaves it.
    update.approvedAt === null ? 0 : 1,
    now,
    comment.id,
    ...update.from,
  );
  // The update stamps updated_at with this call's `now`. The assertion right after it fails the whole
  // batch (a D1 batch is one transaction) when that row is not there, so no side effect is written for
  // an update that did not happen; the guard is also handed to the side effects that take one.
  const guard: StatementGuard = {
    sql: "EXISTS (SELECT 1 FROM comments WHERE id = ? AND status = ? AND updated_at = ?)",
    params: [comment.id, update.to, now],
  };
  const assertion = abortUnless(db, guard.sql, ...guard.params);
  try {
    await runBatch(db, [updateStatement, assertion, ...sideEffects(guard, now)]);
  } catch (err) {
    if (isAbort(err)) throw conflict(`Comment is no longer ${comment.status}`);
    throw err;
  }
  return {
    previousStatus: comment.status,
    comment: {
      ...comment,
      status: update.to,
      statusReason: update.reason,
      approvedAt: update.approvedAt,
      updatedAt: now,
    },
  };
}

function logStatement(
  db: Database,
  actorId: string | null,
  action: ModerationAction,
  comment: CommentRow,
  reason?: string | null,
) {
  return statement(
    db,
    moderationLogInsert(db, {
      actorId,
      action,
      targetType: "comment",
      targetId: comment.id,
      reason: reason ?? null,
      details: { articleId: comment.articleId, authorId: comment.userId },
    }),
  );
}

/** Staff took the comment down: its reporters see that action was taken (none when its author did it). */
function reportsActioned(db: Database, actorId: string | null, comment: CommentRow, now: number) {
  if (!actorId) return [];
  const subject = { table: commentReports, subjectColumn: commentReports.commentId };
  return [
    reportOutcomeEntries(db, "comment", "actioned", { subjectId: comment.id }, now),
    statement(db, markReportsActioned(db, subject, { subjectId: comment.id, actorId }, now)),
  ];
}

function requireStatus(loaded: Loaded, allowed: readonly CommentStatus[], message: string) {
  if (!allowed.includes(loaded.comment.status)) throw conflict(message);
}

/** pending → approved; the author earns +1 (spec §4: approval graduates readers out of pre-moderation). */
export async function approveComment(env: Env, db: Database, input: TransitionInput): Promise<TransitionResult> {
  const stored = await load(db, input.commentId);
  requireStatus(stored, ["pending"], COMMENT_MESSAGES.notPending);
  // Quoted by the author's entry (a moderator's approval) and the parent author's (a reply); an
  // automatic approval of a top-level comment tells nobody.
  const loaded = input.actorId || stored.comment.parentId ? await quoted(env, stored) : stored;
  const now = Date.now();
  return transition(db, loaded, { from: ["pending"], to: "approved", reason: null, approvedAt: now }, (guard, at) => [
    ...reputationChangeStatements(
      db,
      {
        userId: loaded.comment.userId,
        delta: REPUTATION_APPROVED_COMMENT,
        reason: REPUTATION_REASONS.commentApproved,
        approvedComments: 1,
      },
      guard,
      at,
    ),
    ...(input.actorId
      ? [
          logStatement(db, input.actorId, MODERATION_ACTIONS.commentApprove, loaded.comment, input.reason),
          reviewEntryStatement(db, loaded, { type: "comment-approved", reason: null }, guard, at),
        ]
      : []),
    ...replyEntryStatements(db, loaded, guard, at),
    ...(input.extra ?? []),
  ]);
}

/**
 * approved → pending with its reason (spec §4: moved to the moderation queue, hidden from public
 * view, −2 reputation, e-mail to the author). Used by Hide and Send to queue on the article page and
 * by Deactivate in ModMe.
 */
export async function deactivateComment(
  env: Env,
  db: Database,
  input: TransitionInput & { reason: string },
): Promise<TransitionResult> {
  const loaded = await quoted(env, await load(db, input.commentId));
  requireStatus(loaded, ["approved"], COMMENT_MESSAGES.notApproved);
  const result = await transition(
    db,
    loaded,
    { from: ["approved"], to: "pending", reason: input.reason, approvedAt: null },
    (guard, at) => [
      ...reputationChangeStatements(
        db,
        {
          userId: loaded.comment.userId,
          delta: REPUTATION_DEACTIVATION_PENALTY,
          reason: REPUTATION_REASONS.deactivated,
        },
        guard,
        at,
      ),
      outboxInsertStatement(
        db,
        deactivationEmail({ email: loaded.authorEmail, name: loaded.authorName }, loaded.comment, input.reason),
        at,
        guard,
      ),
      reviewEntryStatement(db, loaded, { type: "comment-deactivated", reason: input.reason }, guard, at),
      ...(input.actorId
        ? [logStatement(db, input.actorId, MODERATION_ACTIONS.commentDeactivate, loaded.comment, input.reason)]
        : []),
      ...reportsActioned(db, input.actorId, loaded.comment, at),
      ...(input.extra ?? []),
    ],
  );
  // The penalty may have taken the author below 0: their other approved comments go back too.
  await settleReputationFalls(db, [loaded.comment.userId]);
  return result;
}

/** pending → rejected (ModMe's Reject; the ban, if any, comes in `extra`). */
export async function rejectComment(env: Env, db: Database, input: TransitionInput): Promise<TransitionResult> {
  const loaded = await quoted(env, await load(db, input.commentId));
  requireStatus(loaded, ["pending"], COMMENT_MESSAGES.notPending);
  return transition(
    db,
    loaded,
    { from: ["pending"], to: "rejected", reason: input.reason ?? null, approvedAt: null },
    (guard, at) => [
      ...(input.actorId
        ? [logStatement(db, input.actorId, MODERATION_ACTIONS.commentReject, loaded.comment, input.reason)]
        : []),
      reviewEntryStatement(db, loaded, { type: "comment-rejected", reason: input.reason ?? null }, guard, at),
      ...reportsActioned(db, input.actorId, loaded.comment, at),
      ...(input.extra ?? []),
    ],
  );
}

/**
 * Any status → deleted. The row stays, so its replies stay readable under a placeholder. `actorId` is
 * the staff member when it was not the author (logged); the author deleting their own passes null.
 */
export async function deleteComment(db: Database, input: TransitionInput): Promise<TransitionResult> {
  const loaded = await load(db, input.commentId);
  requireStatus(loaded, ["pending", "approved", "rejected"], COMMENT_MESSAGES.alreadyDeleted);
  return transition(
    db,
    loaded,
    { from: ["pending", "approved", "rejected"], to: "deleted", reason: input.reason ?? null, approvedAt: null },
    (_guard, at) => [
      ...(input.actorId
        ? [logStatement(db, input.actorId, MODERATION_ACTIONS.commentDelete, loaded.comment, input.reason)]
        : []),
      ...reportsActioned(db, input.actorId, loaded.comment, at),
      ...(input.extra ?? []),
    ],
  );
}

/**
 * Removes the row with its reports and any votes D1 still keeps from before the threads' objects (the
 * route takes its votes and text out of its thread's object first: ADR 022) (admins only; the route
 * checks). Its direct replies move up to its parent rather than being removed with it: they are other
 * people's words (ADR 011).
 */
export async function permanentlyDeleteComment(
  db: Database,
  input: TransitionInput,
): Promise<{ comment: CommentRow; movedReplies: number }> {
  const { comment } = await load(db, input.commentId);
  const results = await runBatch(db, [
    raw(
      db,
      "UPDATE comments SET parent_id = ?, updated_at = ? WHERE parent_id = ?",
      comment.parentId,
      Date.now(),
      comment.id,
    ),
    raw(db, "DELETE FROM comment_votes WHERE comment_id = ?", comment.id),
    reportsContentRemoved(db, "id = ?", [comment.id], input.actorId),
    raw(db, "DELETE FROM comments WHERE id = ?", comment.id),
    logStatement(db, input.actorId, MODERATION_ACTIONS.commentDeletePermanent, comment, input.reason),
    ...(input.extra ?? []),
  ]);
  if (!results[3]?.meta.changes) throw notFound(COMMENT_MESSAGES.notFound);
  return { comment, movedReplies: results[0]?.meta.changes ?? 0 };
}
