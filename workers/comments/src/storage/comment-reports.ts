// Reports on comments: one per user per comment (unique index), counted on the moderation view.
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";

/** Returns false when this user already reported this comment. */
export async function insertCommentReport(
  db: Database,
  report: { commentId: string; reporterId: string; reason: string },
): Promise<boolean> {
  const result = await raw(
    db,
    `INSERT INTO comment_reports (id, comment_id, reporter_id, reason, status, created_at)
     VALUES (?, ?, ?, ?, 'pending', ?) ON CONFLICT (comment_id, reporter_id) DO NOTHING`,
    crypto.randomUUID(),
    report.commentId,
    report.reporterId,
    report.reason,
    Date.now(),
  ).run();
  return result.meta.changes > 0;
}
