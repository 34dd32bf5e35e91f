// One ArticleVotes object per article: the authoritative up/down counts and each user's vote,
// changed together in one transaction so the counts can never disagree with the votes. Every change
// also writes its vote event to an outbox in the same transaction; an alarm sends the outbox to the
// vote-events queue, so an accepted vote's event is never lost between the object and the queue
// (at least once; the consumer is idempotent by event id). The same alarm writes the D1 copy of the
// counts (on the article's D1 row, read by the popularity feed) itself, once per flush, so that copy trails the
// object by the flush delay, not by the queue consumer's backlog of histories (ADR 022).
import { DurableObject } from "cloudflare:workers";
import type { VoteCounts, VoteType } from "@unbiased/worker-shared/contracts/votes";
import { createDb } from "@unbiased/worker-shared/db/client";
import { meteredTask } from "@unbiased/worker-shared/db/row-meter";
import { sendVoteEvents, type VoteEvent } from "../jobs/send-vote-events.ts";
import { type CountsCopy, copyCounts } from "../storage/recorded-counts.ts";

export type { VoteCounts, VoteType };

export interface VoteChange extends VoteCounts {
  userVote: VoteType | null;
  previousVote: VoteType | null;
  /** False when the call asked for the vote the user already had (idempotent repeat). */
  changed: boolean;
  /** The user's account is being deleted (eraseUser below): the vote was refused, nothing changed. */
  erased?: true;
  /** The article is hidden (hide below): the vote was refused, nothing changed. */
  hidden?: true;
}

/** What eraseUser did to one article's counts. */
export interface Erasure extends VoteCounts {
  /** The vote taken out of the counts, or null when the user had none here. */
  removed: VoteType | null;
  /** The object's time of the change. */
  at: number;
  /** The object's sequence number of the change: the D1 copy of the counts is written with it (newer wins). */
  seq: number;
}

/** Who cast a vote, for the event (tracking); not stored in the object. */
export interface VoteOrigin {
  articleId: string;
  ip: string | null;
  /** The request that cast the vote (trace.ts): its event's queue message carries it on. */
  requestId?: string;
}

/** Events sent per queue batch (Cloudflare's sendBatch takes at most 100 messages). */
const FLUSH_CHUNK = 100;
/**
 * How long the first event of a burst waits for others before the outbox is sent: one D1 batch and
 * one queue batch carry every vote of the burst instead of one each (the counts themselves are
 * answered at once; only the D1 mirrors wait).
 */
const FLUSH_DELAY_MS = 250;
/** A deleted user's votes stay refused this long: far longer than any request in flight at the time. */
const ERASED_USER_RETENTION_MS = 24 * 3600_000;

export class ArticleVotes extends DurableObject<Env> {
  /** Set while an alarm is pending, so a burst of votes schedules one flush, not one per vote. */
  private flushScheduled = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(
      "CREATE TABLE IF NOT EXISTS votes (user_id TEXT PRIMARY KEY, vote_type TEXT NOT NULL CHECK (vote_type IN ('upvote','downvote')), updated_at INTEGER NOT NULL)",
    );
    sql.exec(
      "CREATE TABLE IF NOT EXISTS counts (id INTEGER PRIMARY KEY CHECK (id = 1), upvotes INTEGER NOT NULL CHECK (upvotes >= 0), downvotes INTEGER NOT NULL CHECK (downvotes >= 0))",
    );
    sql.exec("INSERT OR IGNORE INTO counts (id, upvotes, downvotes) VALUES (1, 0, 0)");
    // Numbers every change of this object, so its copies keep the newest by number, not by time: two
    // changes in the same millisecond, delivered in the other order, still end on the newer (ADR 022).
    sql.exec("CREATE TABLE IF NOT EXISTS sequence (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL)");
    sql.exec("INSERT OR IGNORE INTO sequence (id, seq) VALUES (1, 0)");
    sql.exec("CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL)");
    // The counts of the newest event sent to the queue, until D1's copy holds them: kept with the
    // outbox's delete, so a copy that fails after the events left is made on the alarm's retry.
    sql.exec("CREATE TABLE IF NOT EXISTS pending_copy (id INTEGER PRIMARY KEY CHECK (id = 1), copy TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS erased_users (user_id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    // Set by an admin's hide (VotesService.hideArticle): from then on the object refuses votes and
    // public reads, in every isolate at once, since every one of them asks this object.
    sql.exec("CREATE TABLE IF NOT EXISTS hidden (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)");
    this.hidden = sql.exec("SELECT 1 FROM hidden").toArray().length > 0;
  }

  private hidden: boolean;

  /** The article was hidden: no vote is taken and no count or vote is read for the public any more. */
  hide(): void {
    this.ctx.storage.sql.exec("INSERT OR IGNORE INTO hidden (id, at) VALUES (1, ?)", Date.now());
    this.hidden = true;
  }

  /** The counts a page shows; null once the article is hidden. */
  publicCounts(): VoteCounts | null {
    return this.hidden ? null : this.getCounts();
  }

  /** A reader's own vote; null once the article is hidden (their history keeps it, from D1). */
  publicUserVote(userId: string): { vote: VoteType | null } | null {
    return this.hidden ? null : { vote: this.getUserVote(userId) };
  }

  getCounts(): VoteCounts {
    const row = this.ctx.storage.sql
      .exec<{ upvotes: number; downvotes: number }>("SELECT upvotes, downvotes FROM counts WHERE id = 1")
      .one();
    return { upvotes: row.upvotes, downvotes: row.downvotes };
  }

  getUserVote(userId: string): VoteType | null {
    const rows = this.ctx.storage.sql
      .exec<{ vote_type: VoteType }>("SELECT vote_type FROM votes WHERE user_id = ?", userId)
      .toArray();
    return rows[0]?.vote_type ?? null;
  }

  /** The user's vote with the time it was cast, or null (their data export, whether or not the article is hidden). */
  voteOf(userId: string): { voteType: VoteType; updatedAt: number } | null {
    const [row] = this.ctx.storage.sql
      .exec<{ vote_type: VoteType; updated_at: number }>(
        "SELECT vote_type, updated_at FROM votes WHERE user_id = ?",
        userId,
      )
      .toArray();
    return row ? { voteType: row.vote_type, updatedAt: row.updated_at } : null;
  }

  /** Counts and the user's vote in one call (the vote route's read for the UI). */
  getState(userId: string | null): VoteCounts & { userVote: VoteType | null } {
    return { ...this.getCounts(), userVote: userId ? this.getUserVote(userId) : null };
  }

  /**
   * Sets the user's vote (null removes it) and moves the counters by the difference. With an origin,
   * a real change also queues its vote event (tests of the counters alone may leave it out).
   */
  async setVote(userId: string, vote: VoteType | null, origin?: VoteOrigin): Promise<VoteChange> {
    const result = this.ctx.storage.transactionSync((): VoteChange => {
      if (this.hidden) {
        return { ...this.getCounts(), userVote: null, previousVote: null, changed: false, hidden: true };
      }
      if (this.isErased(userId)) {
        return { ...this.getCounts(), userVote: null, previousVote: null, changed: false, erased: true };
      }
      const previousVote = this.getUserVote(userId);
      if (previousVote === vote) return { ...this.getCounts(), userVote: vote, previousVote, changed: false };
      const sql = this.ctx.storage.sql;
      const now = Date.now();
      if (vote === null) sql.exec("DELETE FROM votes WHERE user_id = ?", userId);
      else
        sql.exec(
          "INSERT INTO votes (user_id, vote_type, updated_at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET vote_type = excluded.vote_type, updated_at = excluded.updated_at",
          userId,
          vote,
          now,
        );
      const delta = (type: VoteType) => (vote === type ? 1 : 0) - (previousVote === type ? 1 : 0);
      sql.exec(
        "UPDATE counts SET upvotes = upvotes + ?, downvotes = downvotes + ? WHERE id = 1",
        delta("upvote"),
        delta("downvote"),
      );
      const change: VoteChange = { ...this.getCounts(), userVote: vote, previousVote, changed: true };
      if (origin) {
        const event: VoteEvent = {
          eventId: crypto.randomUUID(),
          articleId: origin.articleId,
          userId,
          voteType: vote,
          previousVote,
          upvotes: change.upvotes,
          downvotes: change.downvotes,
          ip: origin.ip,
          at: now,
          seq: this.nextSeq(),
          ...(origin.requestId ? { requestId: origin.requestId } : {}),
        };
        sql.exec("INSERT INTO outbox (event) VALUES (?)", JSON.stringify(event));
      }
      return change;
    });
    if (result.changed && origin) await this.scheduleFlush();
    return result;
  }

  /**
   * An account deletion (ADR 017): takes the user's vote out of the counts, and refuses their votes
   * from now on, in one transaction, so a vote that was already on its way when the sessions were
   * revoked cannot land after it. Emits no event: the deletion writes the D1 copy of the counts itself
   * and removes the user's rows there; their events still in the outbox or on the queue write nothing
   * of them when they land (ADR 022).
   */
  eraseUser(userId: string): Erasure {
    const now = Date.now();
    return this.ctx.storage.transactionSync((): Erasure => {
      const sql = this.ctx.storage.sql;
      sql.exec("DELETE FROM erased_users WHERE at <= ?", now - ERASED_USER_RETENTION_MS);
      sql.exec("INSERT OR IGNORE INTO erased_users (user_id, at) VALUES (?, ?)", userId, now);
      const removed = this.getUserVote(userId);
      if (removed) {
        sql.exec("DELETE FROM votes WHERE user_id = ?", userId);
        sql.exec(
          "UPDATE counts SET upvotes = upvotes - ?, downvotes = downvotes - ? WHERE id = 1",
          removed === "upvote" ? 1 : 0,
          removed === "downvote" ? 1 : 0,
        );
      }
      return { ...this.getCounts(), removed, at: now, seq: this.nextSeq() };
    });
  }

  /** The next number of this object's changes (inside the change's transaction). */
  private nextSeq(): number {
    return this.ctx.storage.sql
      .exec<{ seq: number }>("UPDATE sequence SET seq = seq + 1 WHERE id = 1 RETURNING seq")
      .one().seq;
  }

  private isErased(userId: string): boolean {
    return this.ctx.storage.sql.exec("SELECT 1 FROM erased_users WHERE user_id = ?", userId).toArray().length > 0;
  }

  /** Events written but not yet handed to the queue (tests and the health view read this). */
  pendingEvents(): number {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM outbox").one().n;
  }

  private async scheduleFlush(): Promise<void> {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    await this.ctx.storage.setAlarm(Date.now() + FLUSH_DELAY_MS);
  }

  /**
   * Sends the outbox to the queue in chunks, then writes D1's copy of the counts; a failure throws,
   * and the platform retries the alarm.
   */
  override async alarm(): Promise<void> {
    this.flushScheduled = false;
    await meteredTask("alarm", { object: "ArticleVotes" }, async () => {
      await this.flushOutbox();
      await this.copyCountsToD1();
    });
  }

  /** Sends what the outbox holds, oldest first (a chunk sent twice changes nothing: the consumer is idempotent). */
  private async flushOutbox(): Promise<void> {
    const sql = this.ctx.storage.sql;
    for (;;) {
      const rows = sql
        .exec<{ seq: number; event: string }>("SELECT seq, event FROM outbox ORDER BY seq LIMIT ?", FLUSH_CHUNK)
        .toArray();
      const last = rows.at(-1);
      if (!last) return;
      const events = rows.map((r) => JSON.parse(r.event) as VoteEvent);
      await sendVoteEvents(this.env, events);
      const newest = events.at(-1) as VoteEvent;
      const copy: CountsCopy = {
        articleId: newest.articleId,
        upvotes: newest.upvotes,
        downvotes: newest.downvotes,
        at: newest.at,
        seq: newest.seq,
      };
      this.ctx.storage.transactionSync(() => {
        sql.exec("DELETE FROM outbox WHERE seq <= ?", last.seq);
        sql.exec("INSERT OR REPLACE INTO pending_copy (id, copy) VALUES (1, ?)", JSON.stringify(copy));
      });
    }
  }

  /**
   * One D1 write for the whole flush: the counts after the newest event sent (an erasure since then
   * wrote its own, newer copy, which this one cannot overwrite).
   */
  private async copyCountsToD1(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const [row] = sql.exec<{ copy: string }>("SELECT copy FROM pending_copy").toArray();
    if (!row) return;
    await copyCounts(createDb(this.env.DB), [JSON.parse(row.copy) as CountsCopy]);
    // By its text: only the copy just written goes, never a newer one left by a later flush.
    sql.exec("DELETE FROM pending_copy WHERE copy = ?", row.copy);
  }
}
