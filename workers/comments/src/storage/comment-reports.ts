// Reports on comments: one per user per comment (unique index), counted on the moderation view. A
// report outlives its comment: when the comment is removed, its reports say so (content_removed) and
// keep the article it was on.
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";

/** Returns false when this user already reported this comment. */
export async function insertCommentReport(
  db: Database,
  report: { commentId: string; articleId: string; reporterId: string; reason: string },
): Promise<boolean> {
  const result = await raw(
    db,
    `INSERT INTO comment_reports (id, comment_id, article_id, reporter_id, reason, status, created_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?) ON CONFLICT (comment_id, reporter_id) DO NOTHING`,
    crypto.randomUUID(),
    report.commentId,
    report.articleId,
    report.reporterId,
    report.reason,
    Date.now(),
  ).run();
  return result.meta.changes > 0;
}

/**
 * For the batch that removes comments (`where`: an SQL condition on the comments' `id`, with its
 * parameters): their reports not yet ruled on, or actioned, become content_removed — the comment is gone
 * whatever staff had done — and keep their row (comment_id is set null by the removal itself).
 * A dismissed report keeps its outcome. `actorId`: the staff member who removed it, null for an author.
 */
export function reportsContentRemoved(
  db: Database,
  commentsWhere: string,
  params: unknown[],
  actorId: string | null,
  now = Date.now(),
) {
  return raw(
    db,
    `UPDATE comment_reports SET status = 'content_removed', resolved_at = ?, resolved_by = ?
     WHERE status <> 'dismissed' AND status <> 'content_removed' AND comment_id IN (SELECT id FROM comments WHERE ${commentsWhere})`,
    now,
    actorId,
    ...params,
  );
}
