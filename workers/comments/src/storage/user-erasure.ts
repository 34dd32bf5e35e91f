// The comments side of an account deletion (ADR 017), in what this worker owns: the user's comment
// votes come out of their threads' objects, the comments' counts and their authors' reputation; their
// comments are removed or kept under the '[deleted]' row; their reports, reputation, bans and e-mails
// go (an active ban is kept under the account's identity digests first, in the same batch:
// carried-bans.ts); their id is cleared where they acted as staff. The gateway calls it (CommentsService) after revoking every
// session of the user and before deleting the user's row.

import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import {
  type CommentChoice,
  type CommentsErasure,
  DELETED_COMMENT_TEXT,
  DELETED_USER,
} from "@unbiased/worker-shared/contracts/account";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch, type Statement } from "@unbiased/worker-shared/db/raw-batch";
import { type BanIdentityKey, carryOverStatements } from "./carried-bans.ts";
import { reportsContentRemoved } from "./comment-reports.ts";
import { recountApproved } from "./comments.ts";
import { articleThread, reputationHistory, userCommentVotes } from "./objects.ts";

export async function eraseUserComments(
  env: Env,
  db: Database,
  userId: string,
  choice: CommentChoice,
  banKey: BanIdentityKey,
): Promise<CommentsErasure> {
  // Read first: a banned account without the key fails here, before anything is changed.
  const keepBans = await carryOverStatements(db, banKey, userId, { logged: false });
  const commentVotesRemoved = await eraseCommentVotes(env, db, userId);
  // The threads' objects first, while D1 still lists the user's comments: a run after a failure finds
  // them all again. The '[deleted]' row they name from then on exists before (a thread's read shows
  // only comments whose author D1 has).
  await deletedUserRow(db).run();
  const own = await ownCommentsByArticle(db, userId);
  await settleInThreads(env, own, choice);
  const { commentsRemoved, commentsKept } = await settleComments(db, userId, choice, [...own.keys()]);
  // Their list of their comments (ADR 022 step 26) only now: a run after a failure before finds them.
  await userCommentVotes(env, userId).forgetAllAuthored();
  await removeTheRest(db, userId, keepBans);
  // Their reputation history, kept in their own object (ADR 022), which refuses late entries.
  await reputationHistory(env, userId).erase();
  return { commentVotesRemoved, commentsRemoved, commentsKept };
}

/**
 * The user's comment votes come out of their threads' objects, which hand D1 the counts and the
 * authors' reputation moved back (ADR 022), and refuse any vote of theirs still on its way. The
 * threads are the ones their object lists, and those where D1 still keeps a vote of theirs from before
 * the objects (each thread takes those in first); then D1's old rows of theirs go.
 */
async function eraseCommentVotes(env: Env, db: Database, userId: string): Promise<number> {
  const { results } = await raw(
    db,
    `SELECT DISTINCT c.article_id AS articleId
     FROM comment_votes v JOIN comments c ON c.id = v.comment_id WHERE v.user_id = ?`,
    userId,
  ).all<{ articleId: string }>();
  const removed = await userCommentVotes(env, userId).erase(
    userId,
    results.map((row) => row.articleId),
  );
  await raw(db, "DELETE FROM comment_votes WHERE user_id = ?", userId).run();
  return removed;
}

interface OwnComment {
  id: string;
  parentId: string | null;
}

/** The user's comments, by article (before they are settled). */
async function ownCommentsByArticle(db: Database, userId: string): Promise<Map<string, OwnComment[]>> {
  const { results } = await raw(
    db,
    "SELECT id, parent_id AS parentId, article_id AS articleId FROM comments WHERE user_id = ?",
    userId,
  ).all<OwnComment & { articleId: string }>();
  return groupBy(
    results,
    (row) => row.articleId,
    (row): OwnComment => ({ id: row.id, parentId: row.parentId }),
  );
}

/**
 * The user's comments in their threads' objects: removed (delete), their texts and votes go and late
 * votes are refused (the placeholders others answered take no votes either: their status is deleted); kept, the
 * objects stop naming the user as their author.
 */
async function settleInThreads(env: Env, own: Map<string, OwnComment[]>, choice: CommentChoice): Promise<void> {
  for (const [articleId, comments] of own) {
    const thread = articleThread(env, articleId);
    if (choice === "delete") await thread.dropComments(articleId, comments, "erased");
    else
      await thread.forgetAuthor(
        articleId,
        comments.map((comment) => comment.id),
        DELETED_USER.id,
      );
  }
}

/** The '[deleted]' row, made the first time an account's comments (or their placeholders) need it. */
const deletedUserRow = (db: Database) =>
  raw(
    db,
    `INSERT OR IGNORE INTO users (id, google_sub, email, name, picture, role, created_at, last_login_at)
     VALUES (?, NULL, ?, ?, NULL, 'user', 0, NULL)`,
    DELETED_USER.id,
    DELETED_USER.email,
    DELETED_USER.name,
  );

/**
 * The user's comments whose replies (at any depth) include someone else's: removing them would take
 * those replies with them (parent_id cascades), so they stay as empty placeholders instead.
 */
const REPLIED_TO = `
  WITH RECURSIVE below(root, id, user_id) AS (
    SELECT id, id, user_id FROM comments WHERE user_id = ?1
    UNION ALL
    SELECT below.root, c.id, c.user_id FROM comments c JOIN below ON c.parent_id = below.id
  )
  SELECT root FROM below WHERE user_id <> ?1`;

/**
 * keep: every comment of the user moves to the '[deleted]' row, text, votes and status unchanged.
 * delete: the ones others replied to become placeholders ('[deleted]' text and author, status deleted,
 * which the thread shows as "This comment was removed." while its replies show); the rest are removed
 * with their votes; reports on any of them stay, as content_removed. One batch: both or neither.
 */
async function settleComments(db: Database, userId: string, choice: CommentChoice, articleIds: string[]) {
  const now = Date.now();
  if (choice === "keep") {
    const [, kept] = await runBatch(db, [
      deletedUserRow(db),
      raw(db, "UPDATE comments SET user_id = ?, updated_at = ? WHERE user_id = ?", DELETED_USER.id, now, userId),
    ]);
    return { commentsRemoved: 0, commentsKept: kept?.meta.changes ?? 0 };
  }
  const [, , , removed] = await runBatch(db, [
    deletedUserRow(db),
    // Before the text goes: every comment of the user is removed or emptied, and reports on them say so.
    reportsContentRemoved(db, "user_id = ?", [userId], null, now),
    raw(
      db,
      `UPDATE comments SET user_id = ?2, content = ?3, text_in_thread = 0, status = 'deleted', status_reason = NULL,
         approved_at = NULL, in_approved_tab = 0, updated_at = ?4
       WHERE id IN (${REPLIED_TO})`,
      userId,
      DELETED_USER.id,
      DELETED_COMMENT_TEXT,
      now,
    ),
    raw(db, "DELETE FROM comments WHERE user_id = ?", userId),
    // Their approved comments no longer count on their articles (ADR 022 step 31).
    recountApproved(db, articleIds),
  ]);
  return { commentsRemoved: removed?.meta.changes ?? 0, commentsKept: 0 };
}

/**
 * What else of the user's this worker holds: the comment reports they filed, their reputation and its
 * history, their bans, the e-mails to them; and their id where they acted as staff (a resolved report,
 * a ban, a reputation change), which refers to the user row about to be deleted. The moderation log
 * keeps their id (it is append-only); pages that show it say '[deleted]'.
 */
async function removeTheRest(db: Database, userId: string, keepBans: Statement[]): Promise<void> {
  await runBatch(db, [
    ...keepBans,
    raw(db, "DELETE FROM comment_reports WHERE reporter_id = ?", userId),
    raw(db, "UPDATE comment_reports SET resolved_by = NULL WHERE resolved_by = ?", userId),
    raw(db, "UPDATE bans SET banned_by = NULL WHERE banned_by = ?", userId),
    raw(db, "UPDATE bans SET lifted_by = NULL WHERE lifted_by = ?", userId),
    raw(db, "DELETE FROM bans WHERE user_id = ?", userId),
    raw(db, "UPDATE reputation_changes SET actor_id = NULL WHERE actor_id = ?", userId),
    raw(db, "DELETE FROM reputation_changes WHERE user_id = ?", userId),
    raw(db, "DELETE FROM reputation_outbox WHERE user_id = ?", userId),
    raw(db, "DELETE FROM user_reputation WHERE user_id = ?", userId),
    raw(db, "DELETE FROM reputation_falls WHERE user_id = ?", userId),
    raw(db, "DELETE FROM email_outbox WHERE lower(to_email) = (SELECT lower(email) FROM users WHERE id = ?)", userId),
  ]);
}
