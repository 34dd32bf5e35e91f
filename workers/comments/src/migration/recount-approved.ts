// The public comment counts counted again from D1's rows, a page of articles at a time (ADR 022 step
// 31): run by scripts/move-vote-history.ts after a deploy, since a version from before the counts,
// still serving during the rollout, changed comments' statuses in D1 without moving them. Only counts
// that differ are written; safe to run again at any time.

import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { recountApproved } from "../storage/comments.ts";

export async function recountApprovedPage(
  db: Database,
  after: string | null,
  limit: number,
): Promise<{ moved: number; next: string | null }> {
  const { results } = await raw(
    db,
    "SELECT id FROM articles WHERE id > ? ORDER BY id LIMIT ?",
    after ?? "",
    limit,
  ).all<{
    id: string;
  }>();
  const ids = results.map((row) => row.id);
  const last = ids.at(-1);
  if (!last) return { moved: 0, next: null };
  const { meta } = await recountApproved(db, ids).run();
  return { moved: meta.changes, next: ids.length === limit ? last : null };
}
