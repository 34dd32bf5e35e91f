// The facts the comment-events consumer weighs besides reputation (ADR 011 § Spam signals).
import { isStaffRole, type Role } from "@unbiased/worker-shared/contracts/auth";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { textDigest } from "./comment-texts.ts";

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
 * one: D1 keeps the text's digest for a comment whose text is in its thread, the text for one from
 * before the move (storage/comment-texts.ts), so either matches.
 */
export async function identicalRecentComments(
  db: Database,
  comment: { id: string; userId: string; content: string; createdAt: number },
  windowMs: number,
): Promise<number> {
  const row = await raw(
    db,
    `SELECT count(*) AS n FROM comments
     WHERE user_id = ? AND id <> ? AND content IN (?, ?) AND created_at BETWEEN ? AND ?`,
    comment.userId,
    comment.id,
    comment.content,
    await textDigest(comment.content),
    comment.createdAt - windowMs,
    comment.createdAt,
  ).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function authorIsStaff(db: Database, userId: string): Promise<boolean> {
  const row = await raw(db, "SELECT role FROM users WHERE id = ?", userId).first<{ role: Role }>();
  return isStaffRole(row?.role);
}
