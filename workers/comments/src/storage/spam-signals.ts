// The facts the comment-events consumer weighs besides reputation (ADR 011 § Spam signals).
import { isStaffRole, type Role } from "@unbiased/worker-shared/contracts/auth";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { textDigest } from "./comment-texts.ts";
import { userCommentVotes } from "./objects.ts";

export async function authorIsBanned(db: Database, userId: string, now = Date.now()): Promise<boolean> {
  const row = await raw(
    db,
    `SELECT 1 AS banned FROM bans
     WHERE user_id = ? AND lifted_at IS NULL AND (expires_at IS NULL OR expires_at > ?) LIMIT 1`,
    userId,
    now,
  ).first<{ banned: number }>();
  return Boolean(row);
}

/**
 * Other comments by the same author with exactly the same text, posted within `windowMs` before this
 * one, from the author's list in their UserCommentVotes object (ADR 022 step 26), which keeps each
 * comment's text digest: D1's row keeps the digest too, or the text itself for a row from before the
 * texts' move, so the digest is taken of the text.
 */
export async function identicalRecentComments(
  env: Env,
  comment: { id: string; userId: string; content: string; createdAt: number },
  windowMs: number,
): Promise<number> {
  return userCommentVotes(env, comment.userId).identicalAuthored(
    await textDigest(comment.content),
    comment.id,
    comment.createdAt - windowMs,
    comment.createdAt,
  );
}

export async function authorIsStaff(db: Database, userId: string): Promise<boolean> {
  const row = await raw(db, "SELECT role FROM users WHERE id = ?", userId).first<{ role: Role }>();
  return isStaffRole(row?.role);
}
