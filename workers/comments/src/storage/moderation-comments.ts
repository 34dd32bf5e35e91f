// The moderation view of comments (spec §3 "Comment (moderation view)"): each comment with its
// author's reputation and its pending reports, for the Pending and Approved tabs of /modme/comments;
// the texts from the threads of the page's comments (storage/comment-texts.ts).

import type { ModerationComment } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { commentReports, comments, userReputation, users } from "@unbiased/worker-shared/db/schema/index";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { withTexts } from "./comment-texts.ts";
import { iso, isoOrNull } from "./time.ts";

/** Most pending comments one call returns (the queue is worked from the oldest). */
export const PENDING_LIST_MAX = 200;

async function moderationView(
  env: Env,
  db: Database,
  where: SQL | undefined,
  order: "oldest" | "newest",
  limit: number,
  offset = 0,
): Promise<ModerationComment[]> {
  const rows = await db
    .select({
      comment: comments,
      userName: users.name,
      userEmail: users.email,
      score: userReputation.score,
      totalUpvotes: userReputation.totalUpvotes,
      totalDownvotes: userReputation.totalDownvotes,
      approvedComments: userReputation.approvedComments,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(userReputation, eq(userReputation.userId, comments.userId))
    .where(where)
    // Each order is its index walked one way (comments_pending_idx, comments_approved_tab_idx): no sort.
    .orderBy(
      ...(order === "oldest" ? [comments.createdAt, comments.id] : [desc(comments.approvedAt), desc(comments.id)]),
    )
    .limit(limit)
    .offset(offset);
  const [reasons, texts] = await Promise.all([
    pendingReportReasons(
      db,
      rows.map((r) => r.comment.id),
    ),
    withTexts(
      env,
      rows.map((r) => r.comment),
    ),
  ]);
  return rows.map((r, i) => ({
    id: r.comment.id,
    user_id: r.comment.userId,
    user_name: r.userName,
    user_email: r.userEmail,
    content: texts[i]?.content ?? r.comment.content,
    article_id: r.comment.articleId,
    parent_id: r.comment.parentId,
    status: r.comment.status,
    status_reason: r.comment.statusReason,
    created_at: iso(r.comment.createdAt),
    approved_at: isoOrNull(r.comment.approvedAt),
    reputation_score: r.score ?? 0,
    total_upvotes: r.totalUpvotes ?? 0,
    total_downvotes: r.totalDownvotes ?? 0,
    approved_comments: r.approvedComments ?? 0,
    report_count: reasons.get(r.comment.id)?.length ?? 0,
    report_reasons: reasons.get(r.comment.id) ?? [],
  }));
}

async function pendingReportReasons(db: Database, commentIds: string[]): Promise<Map<string, string[]>> {
  const byComment = new Map<string, string[]>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < commentIds.length; i += 90) {
    const rows = await db
      .select({ commentId: commentReports.commentId, reason: commentReports.reason })
      .from(commentReports)
      .where(and(inArray(commentReports.commentId, commentIds.slice(i, i + 90)), eq(commentReports.status, "pending")));
    for (const { commentId, reason } of rows)
      if (commentId) byComment.set(commentId, [...(byComment.get(commentId) ?? []), reason]);
  }
  return byComment;
}

/**
 * Pending, as a literal: the pending comments' index is partial (its rows are the pending ones), and
 * SQLite uses it only for a query whose condition is that same literal, not a bound parameter.
 */
export const IS_PENDING = sql`${comments.status} = 'pending'`;

/** Pending comments, oldest first (a deactivated comment is pending again, with its reason). */
export const listPendingComments = (env: Env, db: Database) =>
  moderationView(env, db, IS_PENDING, "oldest", PENDING_LIST_MAX);

/**
 * On ModMe's Approved tab, as a literal for the same reason: the approvals of the last
 * APPROVED_TAB_DAYS, each approved still (storage/approved-tab.ts ends the older ones).
 */
const ON_APPROVED_TAB = sql`${comments.inApprovedTab} = 1`;

export async function listApprovedComments(env: Env, db: Database, page: number, limit: number) {
  const [list, [totalRow]] = await Promise.all([
    moderationView(env, db, ON_APPROVED_TAB, "newest", limit, (page - 1) * limit),
    db.select({ n: count() }).from(comments).where(ON_APPROVED_TAB),
  ]);
  return { comments: list, total: totalRow?.n ?? 0 };
}

export async function countPendingComments(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments).where(IS_PENDING);
  return row?.n ?? 0;
}
