// One ArticleThread object per article (ADR 022): its comments' texts (step 19, thread-texts.ts), and
// the votes on its comments, a row per comment and voter, and each comment's counts, changed together
// in one transaction. D1 keeps a copy of what the votes did (the counts on each comment's row, the
// authors' reputation totals), and each author's ReputationHistory object their "votes received"
// entries: every change is numbered and written to an outbox in the same transaction, and an alarm
// hands the outbox to both, which take each number once (storage/comment-vote-copies.ts,
// durable/reputation-history.ts). Neither the votes nor the texts grow the main database.
//
// Each comment's record is the thread's too (steps 29, 30, thread-records.ts): the public thread is
// read from it, and every status change is decided on it here and numbered (thread-status.ts), its
// copy for D1 waiting in an outbox until D1 has it (the request sends it at once, the alarm again when
// that failed: storage/status-copies.ts).
//
// The first call of an object takes in the votes D1 kept for its article before the objects, so a vote
// changed before the move script has run moves the counts by the difference from the vote it replaces,
// and the article's comments D1 had before the records (their texts D1 still held, their counts).

import { DurableObject } from "cloudflare:workers";
import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import type { CommentText, CommentVoteType } from "@unbiased/worker-shared/contracts/comments";
import { createDb } from "@unbiased/worker-shared/db/client";
import { meteredTask } from "@unbiased/worker-shared/db/row-meter";
import { logLine } from "@unbiased/worker-shared/http/trace";
import { type ArticleComments, commentsOfArticle } from "../storage/comment-records.ts";
import {
  applyCommentVoteCopies,
  type CommentVoteCopy,
  type LegacyCommentVote,
  legacyVotesOfArticle,
  pointsOf,
} from "../storage/comment-vote-copies.ts";
import { reputationHistory } from "../storage/objects.ts";
import { settleReputationFalls } from "../storage/reputation-falls.ts";
import { applyStatusCopies } from "../storage/status-copies.ts";
import type { ReceivedVote } from "./reputation-history.ts";
import {
  type CommentRecord,
  createRecordTables,
  dropRecord,
  noteReason,
  recordAuthorForgotten,
  recordErased,
  recordRemovedForGood,
  recordsAdopted,
  type ThreadRecordRow,
  takeInRecords,
  threadRows,
} from "./thread-records.ts";
import {
  changeRecord,
  createStatusOutbox,
  forgetSentCopies,
  keepOnlyStatusUpdates,
  type StatusAnswer,
  type StatusChange,
  type StatusCopy,
  unsentCopies,
} from "./thread-status.ts";
import { createTextsTable, dropText, keepTexts, textsOf } from "./thread-texts.ts";

export interface ThreadVote {
  articleId: string;
  commentId: string;
  authorId: string;
  voterId: string;
  /** The vote to hold after the call; null removes it. */
  vote: CommentVoteType | null;
}

export interface ThreadVoteResult {
  commentId: string;
  upvotes: number;
  downvotes: number;
  userVote: CommentVoteType | null;
  /** False when the voter already held this vote (a repeat), or the vote was refused. */
  changed: boolean;
  /** The object's number of the voter's vote on the comment (0 when none): newer wins in their list. */
  seq: number;
  at: number;
  /**
   * Nothing changed: the voter's account is being deleted, the comment was deleted for good, or the
   * voter passed their limit (counted by their own object, which answers `retryAfterMs` with it).
   */
  refused?: "erased" | "removed" | "limited";
  retryAfterMs?: number;
}

/** What a thread's read takes from its object: the reader's votes (when signed in) and the texts. */
export interface ThreadRead {
  votes: ViewerVote[];
  texts: CommentText[];
}

/** A reader's vote in the thread, with the comment's counts as the object holds them. */
export interface ViewerVote {
  commentId: string;
  voteType: CommentVoteType;
  upvotes: number;
  downvotes: number;
}

/** How long the first change of a burst waits for others, so one D1 batch carries the burst. */
const FLUSH_DELAY_MS = 250;
/** Changes per D1 batch (each is four or five statements). */
const COPIES_PER_BATCH = 20;
/** A deleted voter's, or a removed comment's, late votes stay refused this long: far longer than any request. */
const REFUSED_RETENTION_MS = 24 * 3600_000;
/**
 * How soon the alarm tries again when D1 refused the copy. The alarm sets itself again rather than
 * failing: the platform retries a failed alarm only a few times, and a quiet thread would then keep its
 * last changes from D1 until its next vote.
 */
const COPY_RETRY_MS = 10_000;

const ups = (vote: CommentVoteType | null) => (vote === "upvote" ? 1 : 0);
const downs = (vote: CommentVoteType | null) => (vote === "downvote" ? 1 : 0);

export class ArticleThread extends DurableObject<Env> {
  private flushScheduled = false;
  private articleId: string | null;
  /** Whether the comments D1 had before the records are taken in (step 30). */
  private recordsAdopted: boolean;
  /** The flush under way: one at a time, so two never send the same changes side by side. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS votes (
      comment_id TEXT NOT NULL, user_id TEXT NOT NULL,
      vote_type TEXT NOT NULL CHECK (vote_type IN ('upvote','downvote')),
      created_at INTEGER NOT NULL, seq INTEGER NOT NULL,
      PRIMARY KEY (comment_id, user_id)) WITHOUT ROWID`);
    // A voter's votes in this thread: the thread's "your vote" and the account's deletion.
    sql.exec("CREATE INDEX IF NOT EXISTS votes_by_user ON votes (user_id)");
    sql.exec(`CREATE TABLE IF NOT EXISTS counts (
      comment_id TEXT PRIMARY KEY, author_id TEXT NOT NULL,
      upvotes INTEGER NOT NULL CHECK (upvotes >= 0), downvotes INTEGER NOT NULL CHECK (downvotes >= 0)) WITHOUT ROWID`);
    // Numbers every change, so D1 takes each once and a voter's list keeps the newer (ADR 022).
    sql.exec("CREATE TABLE IF NOT EXISTS sequence (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL)");
    sql.exec("INSERT OR IGNORE INTO sequence (id, seq) VALUES (1, 0)");
    sql.exec("CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY, copy TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS refused (id TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID");
    // The article, once its D1 votes from before the objects are in (then every later call skips the import).
    sql.exec(
      "CREATE TABLE IF NOT EXISTS adopted (id INTEGER PRIMARY KEY CHECK (id = 1), article_id TEXT NOT NULL, at INTEGER NOT NULL)",
    );
    createTextsTable(sql);
    createRecordTables(sql);
    createStatusOutbox(sql);
    this.articleId =
      sql.exec<{ article_id: string }>("SELECT article_id FROM adopted").toArray()[0]?.article_id ?? null;
    this.recordsAdopted = recordsAdopted(sql);
  }

  /** Sets (or removes) the voter's vote on the comment and moves its counts by the difference. */
  async setVote(change: ThreadVote): Promise<ThreadVoteResult> {
    await this.adopt(change.articleId);
    const result = this.ctx.storage.transactionSync((): ThreadVoteResult => {
      const refused = this.isRefused(`user:${change.voterId}`)
        ? "erased"
        : this.isRefused(`comment:${change.commentId}`)
          ? "removed"
          : null;
      const previous = this.voteOf(change.commentId, change.voterId);
      const unchanged = { ...this.countsOf(change.commentId), commentId: change.commentId, changed: false };
      if (refused) return { ...unchanged, userVote: null, seq: 0, at: 0, refused };
      if ((previous?.vote_type ?? null) === change.vote) {
        return { ...unchanged, userVote: change.vote, seq: previous?.seq ?? 0, at: previous?.created_at ?? 0 };
      }
      const sql = this.ctx.storage.sql;
      const at = Date.now();
      const seq = this.nextSeq();
      if (change.vote === null)
        sql.exec("DELETE FROM votes WHERE comment_id = ? AND user_id = ?", change.commentId, change.voterId);
      else
        sql.exec(
          `INSERT INTO votes (comment_id, user_id, vote_type, created_at, seq) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (comment_id, user_id) DO UPDATE SET vote_type = excluded.vote_type,
             created_at = excluded.created_at, seq = excluded.seq`,
          change.commentId,
          change.voterId,
          change.vote,
          at,
          seq,
        );
      const previousVote = previous?.vote_type ?? null;
      this.move({
        seq,
        commentId: change.commentId,
        authorId: this.authorOf(change.commentId, change.authorId),
        upvotes: ups(change.vote) - ups(previousVote),
        downvotes: downs(change.vote) - downs(previousVote),
        at,
      });
      return {
        ...this.countsOf(change.commentId),
        commentId: change.commentId,
        userVote: change.vote,
        changed: true,
        seq,
        at,
      };
    });
    if (result.changed) await this.scheduleFlush();
    return result;
  }

  /**
   * The texts asked for: those of some comments (a list of comments across threads asks each one:
   * storage/comment-texts.ts), or every one the object keeps; and a reader's votes, with those
   * comments' counts, when one is named. (The public thread reads `readThread`.)
   */
  async read(articleId: string, viewerId: string | null, texts: "all" | string[]): Promise<ThreadRead> {
    let votes: ViewerVote[] = [];
    if (viewerId) {
      await this.adopt(articleId);
      votes = this.viewerVotes(viewerId);
    }
    const sql = this.ctx.storage.sql;
    return { votes, texts: texts.length === 0 ? [] : textsOf(sql, texts === "all" ? null : texts) };
  }

  /**
   * Keeps older comments' texts (the move, migration/move-comment-texts.ts), each once; never the text
   * of a comment deleted for good in the last day (a move that read it just before the deletion).
   */
  async keepTexts(texts: CommentText[]): Promise<void> {
    this.ctx.storage.transactionSync(() =>
      keepTexts(
        this.ctx.storage.sql,
        texts.filter((text) => !this.isRefused(`comment:${text.commentId}`)),
      ),
    );
  }

  /**
   * A new comment: its text and its record (pending), unless it was deleted for good already. (A
   * number for the record is the call of a version from before the records, still serving during a
   * deploy: its text is kept, and its first status change takes D1's record.)
   */
  async postComment(text: CommentText, record: CommentRecord | number): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      if (this.isRefused(`comment:${text.commentId}`)) return;
      keepTexts(this.ctx.storage.sql, [text]);
      if (typeof record !== "number") takeInRecords(this.ctx.storage.sql, [record]);
    });
  }

  /**
   * The public thread's read (step 30): every comment's record with its text and counts, oldest first,
   * and the reader's votes when one is signed in.
   */
  async readThread(
    articleId: string,
    viewerId: string | null,
  ): Promise<{ rows: ThreadRecordRow[]; votes: ViewerVote[] }> {
    await this.adopt(articleId);
    return {
      rows: threadRows(this.ctx.storage.sql, viewerId),
      votes: viewerId ? this.viewerVotes(viewerId) : [],
    };
  }

  /**
   * Why a new comment is still pending (the automatic checks' reason, shown in ModMe), only while
   * nobody has acted on it. Returns whether it was noted.
   */
  async noteReason(articleId: string, commentId: string, reason: string, read: CommentRecord): Promise<boolean> {
    await this.adopt(articleId);
    return this.ctx.storage.transactionSync(() => noteReason(this.ctx.storage.sql, commentId, reason, read));
  }

  /** A post D1 refused: its text and record go. */
  async dropPost(commentId: string): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      dropText(this.ctx.storage.sql, commentId);
      dropRecord(this.ctx.storage.sql, commentId);
    });
  }

  /**
   * Status changes of comments of this thread, each decided on the comment's record (ADR 022 step 29).
   * Answers each change's outcome and the copies D1 has yet to take up to the last one made, oldest
   * first, for the caller to send (then `statusCopiesSent`); the alarm sends them when it cannot.
   */
  async changeStatus(
    articleId: string,
    changes: StatusChange[],
  ): Promise<{ answers: StatusAnswer[]; unsent: StatusCopy[] }> {
    await this.adopt(articleId);
    const sql = this.ctx.storage.sql;
    const answers = this.ctx.storage.transactionSync(() =>
      changes.map(
        (change): StatusAnswer =>
          this.isRefused(`comment:${change.commentId}`)
            ? { changed: false, status: "deleted" }
            : changeRecord(sql, change, () => this.nextSeq()),
      ),
    );
    const last = Math.max(0, ...answers.map((answer) => (answer.changed ? answer.seq : 0)));
    if (last === 0) return { answers, unsent: [] };
    await this.keepAlarmBy(Date.now() + COPY_RETRY_MS);
    return { answers, unsent: unsentCopies(sql, last) };
  }

  /** D1 took the status changes up to `upTo` (sent by the request that made them). */
  async statusCopiesSent(upTo: number): Promise<void> {
    forgetSentCopies(this.ctx.storage.sql, upTo);
  }

  /**
   * Drops texts no comment row names (the move wrote it for a row changed meanwhile): nothing else of
   * the comment is touched.
   */
  async dropTexts(commentIds: string[]): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      for (const commentId of commentIds) dropText(this.ctx.storage.sql, commentId);
    });
  }

  /**
   * An account deletion (ADR 017): takes the voter's votes out of the counts, D1's copy with them, and
   * refuses their votes from now on, in one transaction, so a vote already on its way cannot land after.
   * Returns how many votes it took out. D1's copy is written before it answers when D1 takes it (the
   * alarm retries otherwise).
   */
  async eraseVoter(articleId: string, userId: string): Promise<number> {
    await this.adopt(articleId);
    const removed = this.ctx.storage.transactionSync(() => {
      this.refuse(`user:${userId}`);
      const sql = this.ctx.storage.sql;
      const votes = sql
        .exec<{ comment_id: string; vote_type: CommentVoteType; author_id: string }>(
          `SELECT v.comment_id, v.vote_type, c.author_id FROM votes v JOIN counts c ON c.comment_id = v.comment_id
           WHERE v.user_id = ?`,
          userId,
        )
        .toArray();
      const at = Date.now();
      let last = 0;
      for (const vote of votes) {
        sql.exec("DELETE FROM votes WHERE comment_id = ? AND user_id = ?", vote.comment_id, userId);
        last = this.nextSeq();
        this.move({
          seq: last,
          commentId: vote.comment_id,
          authorId: vote.author_id,
          upvotes: -ups(vote.vote_type),
          downvotes: -downs(vote.vote_type),
          at,
        });
      }
      return { count: votes.length, last };
    });
    await this.keepAlarmBy(Date.now() + REFUSED_RETENTION_MS);
    // Up to its own last change, not whatever other voters add meanwhile: on a busy thread the
    // deletion would otherwise wait on their votes too.
    if (removed.count > 0) await this.flushNowOrLater(removed.last);
    return removed.count;
  }

  /**
   * Comments deleted for good (by an admin, or with their author's account): their votes and texts go,
   * late votes and status changes are refused. An account's comments stay as deleted records under
   * '[deleted]' (shown only while others' replies hang from them, as D1's placeholders); an admin's
   * removal takes the record away and moves its replies up. The caller's own batch then removes or
   * empties D1's rows, so nothing is copied.
   */
  async dropComments(
    articleId: string,
    comments: ({ id: string; parentId: string | null } | string)[],
    how: "erased" | "removed" = "erased",
  ): Promise<number> {
    await this.adopt(articleId);
    const removed = this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      let count = 0;
      // A bare id is the call of a version from before the records (a deploy's minutes): an erasure.
      for (const comment of comments) {
        const commentId = typeof comment === "string" ? comment : comment.id;
        this.refuse(`comment:${commentId}`);
        count += sql.exec("DELETE FROM votes WHERE comment_id = ?", commentId).rowsWritten;
        sql.exec("DELETE FROM counts WHERE comment_id = ?", commentId);
        dropText(sql, commentId);
        if (how === "erased" || typeof comment === "string") recordErased(sql, commentId, Date.now());
        else recordRemovedForGood(sql, commentId, comment.parentId);
      }
      return count;
    });
    await this.keepAlarmBy(Date.now() + REFUSED_RETENTION_MS);
    return removed;
  }

  /**
   * Comments kept under '[deleted]' when their author's account goes: the object stops naming the
   * author on their counts (it named them only to move their reputation), and their status changes D1
   * has yet to take keep only the status (thread-status.ts).
   */
  async forgetAuthor(articleId: string, commentIds: string[], replacement: string): Promise<void> {
    await this.adopt(articleId);
    this.ctx.storage.transactionSync(() => {
      for (const commentId of commentIds) {
        this.ctx.storage.sql.exec("UPDATE counts SET author_id = ? WHERE comment_id = ?", replacement, commentId);
        recordAuthorForgotten(this.ctx.storage.sql, commentId, replacement);
      }
      keepOnlyStatusUpdates(this.ctx.storage.sql, commentIds);
    });
  }

  /**
   * Votes of a page of the move (migration/move-comment-votes.ts): the article's old votes are taken in
   * first (adopt), then those of the page written after that (by an older version of the worker still
   * serving during the rollout) that the object lacks, counted without a copy: D1's counts have them
   * already. A row older than the adoption was taken in by it, so one missing now was removed since.
   */
  async adoptLegacy(articleId: string, votes: LegacyCommentVote[]): Promise<void> {
    await this.adopt(articleId);
    const adoptedAt = this.ctx.storage.sql.exec<{ at: number }>("SELECT at FROM adopted").one().at;
    this.ctx.storage.transactionSync(() => {
      for (const vote of votes) if (vote.createdAt > adoptedAt) this.takeInNewer(vote);
    });
  }

  /** Changes (votes' and statuses') written but not yet in D1 (tests read this). */
  pendingCopies(): number {
    return this.ctx.storage.sql
      .exec<{ n: number }>("SELECT (SELECT count(*) FROM outbox) + (SELECT count(*) FROM status_outbox) AS n")
      .one().n;
  }

  /**
   * Takes in, once, the votes D1 kept for the article before the objects (and records which article
   * this object is, for its alarm), and once the comments D1 had before the records (step 30: their
   * records, the texts D1 still holds and the counts of comments the object has no votes of). No other
   * call runs meanwhile, so none sees the thread half-imported.
   */
  async adopt(articleId: string): Promise<void> {
    if (this.articleId && this.recordsAdopted) return;
    await this.ctx.blockConcurrencyWhile(async () => {
      const db = createDb(this.env.DB);
      if (!this.articleId) {
        const legacy = await legacyVotesOfArticle(db, articleId);
        this.ctx.storage.transactionSync(() => {
          for (const vote of legacy) this.takeIn(vote);
          this.ctx.storage.sql.exec("INSERT INTO adopted (id, article_id, at) VALUES (1, ?, ?)", articleId, Date.now());
        });
        this.articleId = articleId;
      }
      if (!this.recordsAdopted) {
        const older = await commentsOfArticle(db, articleId);
        this.ctx.storage.transactionSync(() => this.takeInOlderComments(older));
        this.recordsAdopted = true;
      }
    });
  }

  /**
   * Hands both outboxes to D1 (the votes' up to the newest change at its start: later ones set their own
   * alarm; the status changes' a request could not send), and forgets refusals whose day is over. When
   * D1 refuses, it sets itself again rather than failing.
   */
  override async alarm(): Promise<void> {
    this.flushScheduled = false;
    const now = Date.now();
    // The votes' copies and the status changes' apart: neither waits on the other's failure.
    const [votes, statuses] = await meteredTask("alarm", { object: "ArticleThread" }, () =>
      Promise.allSettled([this.flush(this.lastSeq()), this.sendStatusCopies()]),
    );
    const failures = [votes, statuses].filter((outcome) => outcome.status === "rejected");
    for (const failure of failures)
      logLine("error", {
        msg: "the thread's copy refused by D1, retrying",
        object: "ArticleThread",
        error: String(failure.reason),
      });
    if (failures.length > 0) {
      this.flushScheduled = true;
      await this.keepAlarmBy(Date.now() + COPY_RETRY_MS);
    }
    if (votes.status === "rejected") return;
    // Only once the outbox is through: a change older than a refusal is judged by it when it is sent.
    this.ctx.storage.sql.exec("DELETE FROM refused WHERE at <= ?", now - REFUSED_RETENTION_MS);
    const [oldest] = this.ctx.storage.sql.exec<{ at: number }>("SELECT min(at) AS at FROM refused").toArray();
    if (oldest?.at) await this.keepAlarmBy(oldest.at + REFUSED_RETENTION_MS);
  }

  /** The status changes a request could not hand D1 (or died before it did), oldest first. */
  private async sendStatusCopies(): Promise<void> {
    const articleId = this.articleId;
    if (!articleId) return;
    const unsent = unsentCopies(this.ctx.storage.sql, this.lastSeq());
    const last = unsent.at(-1);
    if (!last) return;
    const db = createDb(this.env.DB);
    await applyStatusCopies(db, articleId, unsent);
    forgetSentCopies(this.ctx.storage.sql, last.seq);
    // A deactivation's penalty whose request failed may have taken its author below 0.
    await settleReputationFalls(
      this.env,
      db,
      unsent.map((copy) => copy.authorId),
    );
  }

  /**
   * The article's comments D1 had before the records: their records, the texts D1 still held and the
   * counts of comments the object has no votes of. A comment deleted for good in the last day (its
   * refusal still kept) gets no text or counts, only its record as deleted: D1 keeps it as a
   * placeholder when others' replies hang from it.
   */
  private takeInOlderComments(older: ArticleComments): void {
    const sql = this.ctx.storage.sql;
    const gone = new Set(
      older.records.filter((record) => this.isRefused(`comment:${record.commentId}`)).map((r) => r.commentId),
    );
    keepTexts(
      sql,
      older.texts.filter((text) => !gone.has(text.commentId)),
    );
    for (const count of older.counts)
      if (!gone.has(count.commentId))
        sql.exec(
          `INSERT INTO counts (comment_id, author_id, upvotes, downvotes) VALUES (?, ?, ?, ?)
           ON CONFLICT (comment_id) DO NOTHING`,
          count.commentId,
          count.authorId,
          count.upvotes,
          count.downvotes,
        );
    takeInRecords(
      sql,
      older.records.map((record) => (gone.has(record.commentId) ? { ...record, status: "deleted" } : record)),
      true,
    );
  }

  /** A vote D1 kept from before, unless the object has the voter's vote on the comment already. */
  private takeIn(vote: LegacyCommentVote): void {
    const inserted = this.ctx.storage.sql.exec(
      "INSERT OR IGNORE INTO votes (comment_id, user_id, vote_type, created_at, seq) VALUES (?, ?, ?, ?, 0)",
      vote.commentId,
      vote.userId,
      vote.voteType,
      vote.createdAt,
    ).rowsWritten;
    if (inserted > 0) this.countInto(vote.commentId, vote.authorId, ups(vote.voteType), downs(vote.voteType));
  }

  /**
   * A vote an older version of the worker wrote after the adoption: new to the object, or a change of
   * a vote the object took in from D1 and has not seen changed since (number 0). D1's counts moved with
   * it already, so only the object's move. (A vote that version removed cannot be told from one never
   * cast: ADR 022 step 16's rollout note.)
   */
  private takeInNewer(vote: LegacyCommentVote): void {
    const held = this.voteOf(vote.commentId, vote.userId);
    if (!held) {
      this.takeIn(vote);
      return;
    }
    if (held.seq !== 0 || held.vote_type === vote.voteType) return;
    this.ctx.storage.sql.exec(
      "UPDATE votes SET vote_type = ?, created_at = ? WHERE comment_id = ? AND user_id = ?",
      vote.voteType,
      vote.createdAt,
      vote.commentId,
      vote.userId,
    );
    const up = ups(vote.voteType) - ups(held.vote_type);
    this.countInto(vote.commentId, this.authorOf(vote.commentId, vote.authorId), up, -up);
  }

  /** The change's counts and its copy for D1, in the caller's transaction. */
  private move(copy: CommentVoteCopy): void {
    this.countInto(copy.commentId, copy.authorId, copy.upvotes, copy.downvotes);
    this.ctx.storage.sql.exec("INSERT INTO outbox (seq, copy) VALUES (?, ?)", copy.seq, JSON.stringify(copy));
  }

  private countInto(commentId: string, authorId: string, upvotes: number, downvotes: number): void {
    const sql = this.ctx.storage.sql;
    // An update first: the counts' CHECK applies to an insert's values even when it turns into an update.
    const moved = sql.exec(
      "UPDATE counts SET upvotes = upvotes + ?, downvotes = downvotes + ?, author_id = ? WHERE comment_id = ?",
      upvotes,
      downvotes,
      authorId,
      commentId,
    ).rowsWritten;
    if (moved === 0)
      sql.exec(
        "INSERT INTO counts (comment_id, author_id, upvotes, downvotes) VALUES (?, ?, ?, ?)",
        commentId,
        authorId,
        upvotes,
        downvotes,
      );
  }

  /**
   * The author a change names: the one the caller read from D1, unless the object already knows the
   * comment as '[deleted]' (its author's account went; a vote that read D1 just before must not name
   * them again).
   */
  private authorOf(commentId: string, readAuthor: string): string {
    const [row] = this.ctx.storage.sql
      .exec<{ author_id: string }>("SELECT author_id FROM counts WHERE comment_id = ?", commentId)
      .toArray();
    return row?.author_id === DELETED_USER.id ? DELETED_USER.id : readAuthor;
  }

  /** The reader's votes in the thread, with those comments' counts. */
  private viewerVotes(viewerId: string): ViewerVote[] {
    return this.ctx.storage.sql
      .exec<{ commentId: string; voteType: CommentVoteType; upvotes: number; downvotes: number }>(
        `SELECT v.comment_id AS commentId, v.vote_type AS voteType, c.upvotes, c.downvotes
         FROM votes v JOIN counts c ON c.comment_id = v.comment_id WHERE v.user_id = ?`,
        viewerId,
      )
      .toArray()
      .map((row) => ({ ...row }));
  }

  private countsOf(commentId: string): { upvotes: number; downvotes: number } {
    const [row] = this.ctx.storage.sql
      .exec<{ upvotes: number; downvotes: number }>(
        "SELECT upvotes, downvotes FROM counts WHERE comment_id = ?",
        commentId,
      )
      .toArray();
    return { upvotes: row?.upvotes ?? 0, downvotes: row?.downvotes ?? 0 };
  }

  private voteOf(commentId: string, userId: string) {
    return this.ctx.storage.sql
      .exec<{ vote_type: CommentVoteType; seq: number; created_at: number }>(
        "SELECT vote_type, seq, created_at FROM votes WHERE comment_id = ? AND user_id = ?",
        commentId,
        userId,
      )
      .toArray()[0];
  }

  private refuse(key: string): void {
    this.ctx.storage.sql.exec("INSERT OR IGNORE INTO refused (id, at) VALUES (?, ?)", key, Date.now());
  }

  private isRefused(key: string): boolean {
    return this.ctx.storage.sql.exec("SELECT 1 FROM refused WHERE id = ?", key).toArray().length > 0;
  }

  private nextSeq(): number {
    return this.ctx.storage.sql
      .exec<{ seq: number }>("UPDATE sequence SET seq = seq + 1 WHERE id = 1 RETURNING seq")
      .one().seq;
  }

  /**
   * Each author's "votes received" changes to their ReputationHistory object, which takes each number
   * once (none for '[deleted]', nor for a comment deleted for good: D1 moves no reputation for those).
   */
  private async handHistories(articleId: string, copies: CommentVoteCopy[]): Promise<void> {
    const byAuthor = groupBy(
      copies.filter((copy) => copy.authorId !== DELETED_USER.id && !this.isRefused(`comment:${copy.commentId}`)),
      (copy) => copy.authorId,
      (copy): ReceivedVote => ({ seq: copy.seq, delta: pointsOf(copy), at: copy.at }),
    );
    await Promise.all(
      [...byAuthor].map(([authorId, changes]) =>
        reputationHistory(this.env, authorId).receiveVotes(authorId, articleId, changes),
      ),
    );
  }

  private lastSeq(): number {
    return this.ctx.storage.sql.exec<{ seq: number }>("SELECT seq FROM sequence WHERE id = 1").one().seq;
  }

  private async scheduleFlush(): Promise<void> {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    await this.keepAlarmBy(Date.now() + FLUSH_DELAY_MS);
  }

  /** The alarm at `at`, unless one is set sooner (a later need never delays an earlier one). */
  private async keepAlarmBy(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  private async flushNowOrLater(upTo: number): Promise<void> {
    try {
      await this.flush(upTo);
    } catch {
      // The outbox keeps the changes; the alarm hands them to D1 when it takes them.
      this.flushScheduled = true;
      await this.keepAlarmBy(Date.now() + COPY_RETRY_MS);
    }
  }

  /**
   * Hands the outbox to D1, oldest first, up to change `upTo`; one flush at a time (a batch sent twice
   * would still write nothing twice: comment-vote-copies.ts).
   */
  private flush(upTo: number): Promise<void> {
    const run = this.flushing.catch(() => undefined).then(() => this.drain(upTo));
    this.flushing = run;
    return run;
  }

  private async drain(upTo: number): Promise<void> {
    const articleId = this.articleId;
    if (!articleId) return;
    const sql = this.ctx.storage.sql;
    const db = createDb(this.env.DB);
    for (;;) {
      const rows = sql
        .exec<{ seq: number; copy: string }>(
          "SELECT seq, copy FROM outbox WHERE seq <= ? ORDER BY seq LIMIT ?",
          upTo,
          COPIES_PER_BATCH,
        )
        .toArray();
      const last = rows.at(-1);
      if (!last) return;
      const copies = rows.map((row) => JSON.parse(row.copy) as CommentVoteCopy);
      // The authors' history entries first: once D1's counts show a change, its entry is there too.
      await this.handHistories(articleId, copies);
      await applyCommentVoteCopies(db, articleId, copies);
      sql.exec("DELETE FROM outbox WHERE seq <= ?", last.seq);
      // Downvotes (or upvotes taken back) may have taken an author below 0.
      await settleReputationFalls(
        this.env,
        db,
        copies.filter((copy) => pointsOf(copy) < 0).map((copy) => copy.authorId),
      );
    }
  }
}
