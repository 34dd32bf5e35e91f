// One UserCommentVotes object per voter (ADR 022): every comment vote of theirs passes through it on
// its way to the article's ArticleThread object, so it counts their rate limits (no D1 write) and holds
// their list (the profile's newest votes, the data export) and the articles to visit when the account
// is deleted. It counts the user's other comment writes' limits too (a comment, a reply, a report:
// step 24), which D1's rate_limits counted before. The article is listed before the thread is asked, so a failure between the two leaves
// the list longer than the votes, never shorter: the deletion visits every article that may hold a
// vote of theirs. As an author, it lists their comments (ADR 022 step 26, the first part of B2): each
// comment's id, article, text digest and time, written before D1's row (storage/post-comment.ts), so
// the list may name a comment D1 refused (taken off again when D1 surely has none) but never misses one D1 has.
// The duplicate check reads it; the later parts move the other author-wide reads here.
import { DurableObject } from "cloudflare:workers";
import type { ExportedCommentVote } from "@unbiased/worker-shared/contracts/account";
import type { CommentVoteType } from "@unbiased/worker-shared/contracts/comments";
import { type LimitRule, RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import {
  countInWindow,
  createErasedTable,
  createWindowTable,
  ERASED_RETENTION_MS,
  isErased,
  markErased,
} from "@unbiased/worker-shared/limits/object-window";
import { articleThread } from "../storage/objects.ts";
import type { ThreadVote, ThreadVoteResult } from "./article-thread.ts";

/** The writes whose per-user limits this object counts, each in a window of its own. */
export const COMMENT_WRITES = ["comment", "reply", "report"] as const;
export type CommentWrite = (typeof COMMENT_WRITES)[number];

/** A vote in the voter's list (as the data export shows it). */
export type ListedCommentVote = ExportedCommentVote;

/** A comment in its author's list: what never changes about it. */
export interface AuthoredComment {
  commentId: string;
  articleId: string;
  /** storage/comment-texts.ts textDigest of its text, for the duplicate check. */
  digest: string;
  createdAt: number;
}

export class UserCommentVotes extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.createTables();
  }

  private createTables(): void {
    const sql = this.ctx.storage.sql;
    // vote_type NULL: removed. Kept with its number, so a slower call carrying an older vote cannot
    // bring it back (newer wins by the thread's number).
    sql.exec(`CREATE TABLE IF NOT EXISTS votes (
      comment_id TEXT PRIMARY KEY, article_id TEXT NOT NULL, vote_type TEXT, created_at INTEGER NOT NULL,
      seq INTEGER NOT NULL) WITHOUT ROWID`);
    sql.exec("CREATE INDEX IF NOT EXISTS votes_by_time ON votes (created_at) WHERE vote_type IS NOT NULL");
    sql.exec("CREATE TABLE IF NOT EXISTS articles (article_id TEXT PRIMARY KEY) WITHOUT ROWID");
    sql.exec(`CREATE TABLE IF NOT EXISTS authored (
      comment_id TEXT PRIMARY KEY, article_id TEXT NOT NULL, digest TEXT NOT NULL, created_at INTEGER NOT NULL)
      WITHOUT ROWID`);
    sql.exec("CREATE INDEX IF NOT EXISTS authored_by_time ON authored (created_at)");
    createWindowTable(sql, "minute_window");
    createWindowTable(sql, "hour_window");
    for (const kind of COMMENT_WRITES) createWindowTable(sql, `${kind}_window`);
    createErasedTable(sql);
  }

  /**
   * Counts one of the user's comment writes against its limit (`rule`, the worker's for that kind);
   * how long until the next is allowed when this one passed it.
   */
  countWrite(kind: CommentWrite, rule: LimitRule, now = Date.now()): { retryAfterMs: number } | null {
    return this.ctx.storage.transactionSync(() => countInWindow(this.ctx.storage.sql, `${kind}_window`, rule, now));
  }

  /**
   * The voter's vote, through the article's thread; refused once the account is being deleted, or past
   * the voter's limits (RATE_LIMITS.commentVotes, commentVotesPerHour: every call counts).
   */
  async vote(change: ThreadVote): Promise<ThreadVoteResult> {
    const refusal = this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      if (isErased(sql)) return { refused: "erased" as const };
      const now = Date.now();
      const limited =
        countInWindow(sql, "minute_window", RATE_LIMITS.commentVotes, now) ??
        countInWindow(sql, "hour_window", RATE_LIMITS.commentVotesPerHour, now);
      if (limited) return { refused: "limited" as const, ...limited };
      sql.exec("INSERT OR IGNORE INTO articles (article_id) VALUES (?)", change.articleId);
      return null;
    });
    if (refusal) {
      const none = { upvotes: 0, downvotes: 0, userVote: null, changed: false, seq: 0, at: 0 };
      return { ...none, commentId: change.commentId, ...refusal };
    }
    const result = await articleThread(this.env, change.articleId).setVote(change);
    // Not into a list its account's deletion has emptied meanwhile (the thread refused or erased it).
    if (!result.refused && result.seq > 0 && !isErased(this.ctx.storage.sql)) {
      this.ctx.storage.sql.exec(
        `INSERT INTO votes (comment_id, article_id, vote_type, created_at, seq) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (comment_id) DO UPDATE SET vote_type = excluded.vote_type, created_at = excluded.created_at,
           seq = excluded.seq
         WHERE excluded.seq > votes.seq`,
        change.commentId,
        change.articleId,
        result.userVote,
        result.at,
        result.seq,
      );
    }
    return result;
  }

  /**
   * Lists the author's comments (each once: a retry or the move run again adds nothing). False, and
   * nothing listed, once the account is being deleted.
   */
  listAuthored(comments: AuthoredComment[]): boolean {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      if (isErased(sql)) return false;
      for (const comment of comments) {
        sql.exec(
          "INSERT OR IGNORE INTO authored (comment_id, article_id, digest, created_at) VALUES (?, ?, ?, ?)",
          comment.commentId,
          comment.articleId,
          comment.digest,
          comment.createdAt,
        );
      }
      return true;
    });
  }

  /** Takes comments off the list (a post D1 refused, a comment an admin removed for good). */
  forgetAuthored(commentIds: string[]): void {
    this.ctx.storage.sql.exec(
      "DELETE FROM authored WHERE comment_id IN (SELECT value FROM json_each(?))",
      JSON.stringify(commentIds),
    );
  }

  /**
   * The account's deletion, once D1's comments of theirs are settled (storage/user-erasure.ts): the list
   * goes last, so a deletion that stops before finds them all again.
   */
  forgetAllAuthored(): void {
    this.ctx.storage.sql.exec("DELETE FROM authored");
  }

  /** How many other listed comments have this text's digest and were posted between `from` and `to`. */
  identicalAuthored(digest: string, exceptId: string, from: number, to: number): number {
    const [row] = this.ctx.storage.sql
      .exec<{ n: number }>(
        "SELECT count(*) AS n FROM authored WHERE created_at BETWEEN ? AND ? AND digest = ? AND comment_id <> ?",
        from,
        to,
        digest,
        exceptId,
      )
      .toArray();
    return row?.n ?? 0;
  }

  /** The newest votes first (the profile's Voting History). */
  recent(limit: number): ListedCommentVote[] {
    return this.list("WHERE vote_type IS NOT NULL ORDER BY created_at DESC LIMIT ?", limit);
  }

  /** Every vote, oldest first (the data export). */
  all(): ListedCommentVote[] {
    return this.list("WHERE vote_type IS NOT NULL ORDER BY created_at");
  }

  /** Which of `commentIds` the list has a row for, a removed vote's included (the export's old D1 rows). */
  listedAmong(commentIds: string[]): string[] {
    return this.ctx.storage.sql
      .exec<{ comment_id: string }>(
        "SELECT comment_id FROM votes WHERE comment_id IN (SELECT value FROM json_each(?))",
        JSON.stringify(commentIds),
      )
      .toArray()
      .map((row) => row.comment_id);
  }

  /**
   * Votes D1 kept before the objects (migration/move-comment-votes.ts): listed unless the list already
   * has the comment (a vote cast since is newer).
   */
  adoptLegacy(votes: ListedCommentVote[]): void {
    this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      if (isErased(sql)) return;
      for (const vote of votes) {
        sql.exec("INSERT OR IGNORE INTO articles (article_id) VALUES (?)", vote.articleId);
        sql.exec(
          "INSERT OR IGNORE INTO votes (comment_id, article_id, vote_type, created_at, seq) VALUES (?, ?, ?, ?, 0)",
          vote.commentId,
          vote.articleId,
          vote.voteType,
          vote.createdAt,
        );
      }
    });
  }

  /**
   * An account deletion (ADR 017): refuses new votes and new comments on the author's list, takes every
   * vote out of its thread (`alsoIn`: articles where D1 still keeps votes from before the objects), then
   * forgets the votes' list (the comments' list goes later: forgetAllAuthored). Safe to call
   * again after a failure: an article leaves the list once its thread has answered, so a second call
   * goes on where the first stopped. Returns the votes taken out.
   */
  async erase(userId: string, alsoIn: string[] = []): Promise<number> {
    const sql = this.ctx.storage.sql;
    markErased(sql, Date.now());
    const listed = sql.exec<{ article_id: string }>("SELECT article_id FROM articles").toArray();
    const articles = new Set([...listed.map((row) => row.article_id), ...alsoIn]);
    let removed = 0;
    for (const articleId of articles) {
      removed += await articleThread(this.env, articleId).eraseVoter(articleId, userId);
      sql.exec("DELETE FROM articles WHERE article_id = ?", articleId);
    }
    sql.exec("DELETE FROM votes");
    await this.ctx.storage.setAlarm(Date.now() + ERASED_RETENTION_MS);
    return removed;
  }

  /** A week after the deletion: nothing of the voter stays. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.createTables();
  }

  private list(tail: string, ...params: SqlStorageValue[]): ListedCommentVote[] {
    return this.ctx.storage.sql
      .exec<{ commentId: string; articleId: string; voteType: CommentVoteType; createdAt: number }>(
        `SELECT comment_id AS commentId, article_id AS articleId, vote_type AS voteType, created_at AS createdAt
         FROM votes ${tail}`,
        ...params,
      )
      .toArray()
      .map((row) => ({ ...row }));
  }
}
