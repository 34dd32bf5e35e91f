// Moves the comment votes D1 kept before ADR 022 into the objects that keep them now, a page at a time
// in the order of the table's primary key: each article's thread object takes in all of its article's
// votes (once: ArticleThread.adopt) and any of the page's it still lacks, each voter's object lists
// theirs unless it already has a newer vote on the comment, and then the page's D1 rows go. A run that stops is taken up where it stopped;
// running it again moves nothing twice (the objects skip what they have, and the rows are gone).
import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import type { ListedCommentVote } from "../durable/user-comment-votes.ts";
import type { LegacyCommentVote } from "../storage/comment-vote-copies.ts";
import { articleThread, userCommentVotes } from "../storage/objects.ts";

/** Where a page ends: the last row moved, by primary key. */
export interface CommentVoteCursor {
  commentId: string;
  userId: string;
}

export interface CommentVotePage {
  /** Rows moved out of D1 in this page. */
  moved: number;
  /** Where the next page starts; null when the table is done. */
  next: CommentVoteCursor | null;
}

export async function moveCommentVotesPage(
  env: Env,
  db: Database,
  after: CommentVoteCursor | null,
  limit: number,
): Promise<CommentVotePage> {
  const { results: rows } = await raw(
    db,
    `SELECT v.comment_id AS commentId, v.user_id AS userId, c.article_id AS articleId, c.user_id AS authorId,
            v.vote_type AS voteType, v.created_at AS createdAt
     FROM comment_votes v JOIN comments c ON c.id = v.comment_id
     WHERE (v.comment_id, v.user_id) > (?, ?)
     ORDER BY v.comment_id, v.user_id
     LIMIT ?`,
    after?.commentId ?? "",
    after?.userId ?? "",
    limit,
  ).all<ListedCommentVote & { userId: string; authorId: string }>();
  // The threads first: each takes its article's votes from D1 before any of them leaves.
  const byArticle = groupBy(
    rows,
    (row) => row.articleId,
    ({ commentId, authorId, userId, voteType, createdAt }): LegacyCommentVote => ({
      commentId,
      authorId,
      userId,
      voteType,
      createdAt,
    }),
  );
  await Promise.all(
    [...byArticle].map(([articleId, votes]) => articleThread(env, articleId).adoptLegacy(articleId, votes)),
  );
  const byVoter = groupBy(
    rows,
    (row) => row.userId,
    ({ commentId, articleId, voteType, createdAt }): ListedCommentVote => ({
      commentId,
      articleId,
      voteType,
      createdAt,
    }),
  );
  await Promise.all([...byVoter].map(([userId, votes]) => userCommentVotes(env, userId).adoptLegacy(votes)));
  if (rows.length > 0) {
    await raw(
      db,
      `DELETE FROM comment_votes WHERE (comment_id, user_id) IN
         (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`,
      JSON.stringify(rows.map((row) => [row.commentId, row.userId])),
    ).run();
  }
  const last = rows.at(-1);
  return {
    moved: rows.length,
    next: last && rows.length === limit ? { commentId: last.commentId, userId: last.userId } : null,
  };
}
