// Status transitions of a comment (spec §4, ADR 011), each one D1 batch: the status update, its
// reputation event, its e-mail (outbox), its inbox entries (inbox-entries.ts) and, when a person did
// it, its moderation-log entry; when staff took the comment down (reject, deactivate, delete), its
// reports become actioned (ADR 018).
// The comment's thread decides each change on its record of the comment's status and numbers it
// (ADR 022 step 29, status-changes.ts); D1 takes each number once, so two moderators acting at once
// cannot apply a change twice, and a change whose copy D1 refused reaches it later all the same.

import {
  COMMENT_MESSAGES,
  type CommentStatus,
  REPUTATION_APPROVED_COMMENT,
  REPUTATION_DEACTIVATION_PENALTY,
  REPUTATION_REASONS,
} from "@unbiased/worker-shared/contracts/comments";
import { MODERATION_ACTIONS, type ModerationAction } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch, type Statement, statement } from "@unbiased/worker-shared/db/raw-batch";
import { recorded, recordingDb } from "@unbiased/worker-shared/db/recorded-statement";
import { commentReports } from "@unbiased/worker-shared/db/schema/index";
import { conflict, notFound } from "@unbiased/worker-shared/http/errors";
import { reportOutcomeEntries } from "@unbiased/worker-shared/inbox/report-outcomes";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { markReportsActioned } from "@unbiased/worker-shared/report-review";
import { recordOfRow, statusUpdateStatement } from "./comment-records.ts";
import { reportsContentRemoved } from "./comment-reports.ts";
import { withText } from "./comment-texts.ts";
import { type CommentRow, findCommentWithAuthor, recountApproved } from "./comments.ts";
import { replyEntryStatements, reviewEntryStatement } from "./inbox-entries.ts";
import { deactivationEmail, outboxInsertStatement } from "./outbox.ts";
import { reputationChangeStatements, type StatementGuard } from "./reputation.ts";
import { settleReputationFalls } from "./reputation-falls.ts";
import { changeStatuses } from "./status-changes.ts";

export interface TransitionInput {
  commentId: string;
  /** The moderator/admin/author who acted; null when the system did (the comment-events consumer). */
  actorId: string | null;
  reason?: string | null;
  /**
   * More statements for the same batch (e.g. the ban that goes with a rejection), built on the
   * database it is handed (a recording one: the thread keeps them until D1 has them).
   */
  extra?: (rec: Database) => Statement[];
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

/** The batch runs only while D1 has the row (status-copies.ts): its side effects need no guard of their own. */
const APPLIES: StatementGuard = { sql: "1", params: [] };

/**
 * The status change, decided by the comment's thread (ADR 022 step 29), with D1's copy: the status
 * update, then `sideEffects`, built on a recording database (the thread keeps them until D1 has them).
 * Throws 409 with `conflictMessage` when the thread holds another status than `update.from`.
 */
async function transition(
  env: Env,
  db: Database,
  loaded: Loaded,
  update: StatusUpdate,
  conflictMessage: string,
  sideEffects: (rec: Database, guard: StatementGuard, now: number) => Statement[],
): Promise<TransitionResult> {
  const now = update.approvedAt ?? Date.now();
  const { comment } = loaded;
  const rec = recordingDb();
  const statusUpdate = statusUpdateStatement(rec, comment.id, { ...update, at: now });
  const [answer] = await changeStatuses(env, db, comment.articleId, [
    {
      commentId: comment.id,
      authorId: comment.userId,
      from: update.from,
      to: update.to,
      reason: update.reason,
      at: now,
      read: recordOfRow(comment),
      statements: recorded([statusUpdate, ...sideEffects(rec, APPLIES, now)]),
    },
  ]);
  if (!answer?.changed) throw conflict(conflictMessage);
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

/** pending → approved; the author earns +1 (spec §4: approval graduates readers out of pre-moderation). */
export async function approveComment(env: Env, db: Database, input: TransitionInput): Promise<TransitionResult> {
  const stored = await load(db, input.commentId);
  // Quoted by the author's entry (a moderator's approval) and the parent author's (a reply); an
  // automatic approval of a top-level comment tells nobody.
  const loaded = input.actorId || stored.comment.parentId ? await quoted(env, stored) : stored;
  const update = { from: ["pending"], to: "approved", reason: null, approvedAt: Date.now() } as const;
  return transition(env, db, loaded, update, COMMENT_MESSAGES.notPending, (rec, guard, at) => [
    ...reputationChangeStatements(
      rec,
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
          logStatement(rec, input.actorId, MODERATION_ACTIONS.commentApprove, loaded.comment, input.reason),
          reviewEntryStatement(rec, loaded, { type: "comment-approved", reason: null }, guard, at),
        ]
      : []),
    ...replyEntryStatements(rec, loaded, guard, at),
    ...(input.extra?.(rec) ?? []),
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
  const update = { from: ["approved"], to: "pending", reason: input.reason, approvedAt: null } as const;
  const result = await transition(env, db, loaded, update, COMMENT_MESSAGES.notApproved, (rec, guard, at) => [
    ...reputationChangeStatements(
      rec,
      {
        userId: loaded.comment.userId,
        delta: REPUTATION_DEACTIVATION_PENALTY,
        reason: REPUTATION_REASONS.deactivated,
      },
      guard,
      at,
    ),
    outboxInsertStatement(
      rec,
      deactivationEmail({ email: loaded.authorEmail, name: loaded.authorName }, loaded.comment, input.reason),
      at,
      guard,
    ),
    reviewEntryStatement(rec, loaded, { type: "comment-deactivated", reason: input.reason }, guard, at),
    ...(input.actorId
      ? [logStatement(rec, input.actorId, MODERATION_ACTIONS.commentDeactivate, loaded.comment, input.reason)]
      : []),
    ...reportsActioned(rec, input.actorId, loaded.comment, at),
    ...(input.extra?.(rec) ?? []),
  ]);
  // The penalty may have taken the author below 0: their other approved comments go back too.
  await settleReputationFalls(env, db, [loaded.comment.userId]);
  return result;
}

/** pending → rejected (ModMe's Reject; the ban, if any, comes in `extra`). */
export async function rejectComment(env: Env, db: Database, input: TransitionInput): Promise<TransitionResult> {
  const loaded = await quoted(env, await load(db, input.commentId));
  const update = { from: ["pending"], to: "rejected", reason: input.reason ?? null, approvedAt: null } as const;
  return transition(env, db, loaded, update, COMMENT_MESSAGES.notPending, (rec, guard, at) => [
    ...(input.actorId
      ? [logStatement(rec, input.actorId, MODERATION_ACTIONS.commentReject, loaded.comment, input.reason)]
      : []),
    reviewEntryStatement(rec, loaded, { type: "comment-rejected", reason: input.reason ?? null }, guard, at),
    ...reportsActioned(rec, input.actorId, loaded.comment, at),
    ...(input.extra?.(rec) ?? []),
  ]);
}

/**
 * Any status → deleted. The row stays, so its replies stay readable under a placeholder. `actorId` is
 * the staff member when it was not the author (logged); the author deleting their own passes null.
 */
export async function deleteComment(env: Env, db: Database, input: TransitionInput): Promise<TransitionResult> {
  const loaded = await load(db, input.commentId);
  const update = {
    from: ["pending", "approved", "rejected"],
    to: "deleted",
    reason: input.reason ?? null,
    approvedAt: null,
  } as const;
  return transition(env, db, loaded, update, COMMENT_MESSAGES.alreadyDeleted, (rec, _guard, at) => [
    ...(input.actorId
      ? [logStatement(rec, input.actorId, MODERATION_ACTIONS.commentDelete, loaded.comment, input.reason)]
      : []),
    ...reportsActioned(rec, input.actorId, loaded.comment, at),
    ...(input.extra?.(rec) ?? []),
  ]);
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
    ...(input.extra?.(db) ?? []),
    // An approved one no longer counts on its article (ADR 022 step 31).
    recountApproved(db, [comment.articleId]),
  ]);
  if (!results[3]?.meta.changes) throw notFound(COMMENT_MESSAGES.notFound);
  return { comment, movedReplies: results[0]?.meta.changes ?? 0 };
}
