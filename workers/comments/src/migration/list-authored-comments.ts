// Lists the comments written before ADR 022 step 26 in their authors' UserCommentVotes objects, a page at
// a time in the order of the comments' ids: each author's object lists the page's comments of theirs
// (each once: running it again adds nothing). The placeholders an account deletion leaves (under the
// '[deleted]' user) belong to no one and stay unlisted; an author whose account is being deleted lists
// nothing (the deletion is emptying their rows). A run that stops is taken up where it stopped.
import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import { inRounds } from "@unbiased/worker-shared/collections/in-rounds";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import type { AuthoredComment } from "../durable/user-comment-votes.ts";
import { textDigest } from "../storage/comment-texts.ts";
import { userCommentVotes } from "../storage/objects.ts";

export interface AuthoredCommentPage {
  /** Comments of the page their authors' objects took (again, on a second run). */
  moved: number;
  /** The id the next page starts after; null when every comment has been listed. */
  next: string | null;
}

/** Authors' objects asked at once. */
const AUTHORS_AT_ONCE = 50;

interface StoredComment {
  id: string;
  articleId: string;
  userId: string;
  content: string;
  textInThread: number;
  createdAt: number;
}

export async function listAuthoredCommentsPage(
  env: Env,
  db: Database,
  after: string | null,
  limit: number,
): Promise<AuthoredCommentPage> {
  const { results: rows } = await raw(
    db,
    `SELECT id, article_id AS articleId, user_id AS userId, content, text_in_thread AS textInThread,
       created_at AS createdAt
     FROM comments WHERE id > ? AND user_id <> ? ORDER BY id LIMIT ?`,
    after ?? "",
    DELETED_USER.id,
    limit,
  ).all<StoredComment>();
  const listed = await Promise.all(
    rows.map(
      async (row): Promise<AuthoredComment & { userId: string }> => ({
        userId: row.userId,
        commentId: row.id,
        articleId: row.articleId,
        // A row from before the texts' move keeps its text; the list keeps only its digest.
        digest: row.textInThread ? row.content : await textDigest(row.content),
        createdAt: row.createdAt,
      }),
    ),
  );
  const byAuthor = groupBy(
    listed,
    (comment) => comment.userId,
    ({ userId: _, ...comment }): AuthoredComment => comment,
  );
  let moved = 0;
  await inRounds([...byAuthor], AUTHORS_AT_ONCE, async ([userId, comments]) => {
    if (await userCommentVotes(env, userId).listAuthored(comments)) moved += comments.length;
  });
  const last = rows.at(-1);
  return { moved, next: last && rows.length === limit ? last.id : null };
}
