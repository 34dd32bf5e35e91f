// One VoteLog object per UTC day and shard (ADR 022): that day's vote events of the users whose id
// hashes to the shard, with their IP addresses, for ModMe's vote tracking. The tracking views ask
// the objects of the days in their window (storage/vote-log-days.ts) and combine what they answer;
// the retention purge empties whole days. A day at 10 M votes is about 1.4 GB per shard with two
// shards, well under an object's 10 GB.
import { DurableObject } from "cloudflare:workers";
import type { UserVoteState } from "@unbiased/worker-shared/contracts/votes";

/** One vote change as tracking keeps it (`none`: the vote was removed). */
export interface LoggedEvent {
  id: string;
  articleId: string;
  userId: string;
  voteType: UserVoteState;
  previousVote: UserVoteState;
  ip: string | null;
  at: number;
}

/** Counts of a set of events, with the distinct values the caller combines across days. */
export type EventTotals = {
  total: number;
  upvotes: number;
  downvotes: number;
  removals: number;
};

/** Events listed under `recent` in the per-user and per-IP views. */
export const RECENT_LIMIT = 50;

type Row = {
  id: string;
  article_id: string;
  user_id: string;
  vote_type: UserVoteState;
  previous_vote: UserVoteState;
  ip: string | null;
  created_at: number;
};

const asEvent = (r: Row): LoggedEvent => ({
  id: r.id,
  articleId: r.article_id,
  userId: r.user_id,
  voteType: r.vote_type,
  previousVote: r.previous_vote,
  ip: r.ip,
  at: r.created_at,
});

const TOTALS = `count(*) AS total, coalesce(sum(vote_type = 'upvote'), 0) AS upvotes,
  coalesce(sum(vote_type = 'downvote'), 0) AS downvotes, coalesce(sum(vote_type = 'none'), 0) AS removals`;

export class VoteLog extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.createTables();
  }

  /** The object's tables (again after its storage was deleted, while it stays in memory). */
  private createTables(): void {
    const sql = this.ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS events (id TEXT PRIMARY KEY, article_id TEXT NOT NULL, user_id TEXT NOT NULL,
      vote_type TEXT NOT NULL, previous_vote TEXT NOT NULL, ip TEXT, created_at INTEGER NOT NULL) WITHOUT ROWID`);
    sql.exec("CREATE INDEX IF NOT EXISTS events_user ON events (user_id, created_at)");
    sql.exec("CREATE INDEX IF NOT EXISTS events_ip ON events (ip, created_at)");
    sql.exec("CREATE INDEX IF NOT EXISTS events_time ON events (created_at)");
    // Users whose account was deleted: an event of theirs that lands later is not kept.
    sql.exec("CREATE TABLE IF NOT EXISTS erased (user_id TEXT PRIMARY KEY) WITHOUT ROWID");
  }

  /** Keeps the events (a repeated id is kept once); returns how many were new. */
  record(events: LoggedEvent[]): number {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      let added = 0;
      for (const e of events) {
        const cursor = sql.exec(
          `INSERT INTO events (id, article_id, user_id, vote_type, previous_vote, ip, created_at)
           SELECT ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM erased WHERE user_id = ?3)
           ON CONFLICT (id) DO NOTHING`,
          e.id,
          e.articleId,
          e.userId,
          e.voteType,
          e.previousVote,
          e.ip,
          e.at,
        );
        if (cursor.rowsWritten > 0) added += 1;
      }
      return added;
    });
  }

  /** One user's events since `since`: totals, the IPs and articles seen, the newest RECENT_LIMIT. */
  user(userId: string, since: number) {
    const sql = this.ctx.storage.sql;
    const where = "user_id = ? AND created_at >= ?";
    return {
      totals: sql.exec<EventTotals>(`SELECT ${TOTALS} FROM events WHERE ${where}`, userId, since).one(),
      ips: this.distinct("ip", where, userId, since),
      articles: this.distinct("article_id", where, userId, since),
      recent: this.recent(where, userId, since),
    };
  }

  /** One address's events since `since`: how many, the users seen, the newest RECENT_LIMIT. */
  ip(ip: string, since: number) {
    const sql = this.ctx.storage.sql;
    const where = "ip = ? AND created_at >= ?";
    return {
      total: sql.exec<{ n: number }>(`SELECT count(*) AS n FROM events WHERE ${where}`, ip, since).one().n,
      users: this.distinct("user_id", where, ip, since),
      recent: this.recent(where, ip, since),
    };
  }

  /** Every event since `since`: totals, and the users and IPs seen. */
  overall(since: number) {
    const sql = this.ctx.storage.sql;
    return {
      totals: sql.exec<EventTotals>(`SELECT ${TOTALS} FROM events WHERE created_at >= ?`, since).one(),
      users: this.distinct("user_id", "created_at >= ?", since),
      ips: this.distinct("ip", "created_at >= ?", since),
    };
  }

  /** Users with at least `atLeast` events since `since`, with their counts. */
  busyUsers(since: number, atLeast: number): { userId: string; n: number }[] {
    return this.ctx.storage.sql
      .exec<{ user_id: string; n: number }>(
        "SELECT user_id, count(*) AS n FROM events WHERE created_at >= ? GROUP BY user_id HAVING count(*) >= ?",
        since,
        atLeast,
      )
      .toArray()
      .map((r) => ({ userId: r.user_id, n: r.n }));
  }

  /** The event counts of the given users since `since` (those with none are left out). */
  countsOf(userIds: string[], since: number): { userId: string; n: number }[] {
    const sql = this.ctx.storage.sql;
    return userIds.flatMap((userId) => {
      const n = sql
        .exec<{ n: number }>("SELECT count(*) AS n FROM events WHERE user_id = ? AND created_at >= ?", userId, since)
        .one().n;
      return n > 0 ? [{ userId, n }] : [];
    });
  }

  /** Every event of the user, oldest first (their data export). */
  eventsOf(userId: string): LoggedEvent[] {
    return this.ctx.storage.sql
      .exec<Row>("SELECT * FROM events WHERE user_id = ? ORDER BY created_at", userId)
      .toArray()
      .map(asEvent);
  }

  /**
   * Deletes events older than `before`; an object left with nothing (no event, no deleted account to
   * refuse) deletes its storage. Returns how many events went.
   */
  async purgeBefore(before: number): Promise<number> {
    const sql = this.ctx.storage.sql;
    const n = sql.exec<{ n: number }>("SELECT count(*) AS n FROM events WHERE created_at < ?", before).one().n;
    if (n > 0) sql.exec("DELETE FROM events WHERE created_at < ?", before);
    const left = sql
      .exec<{ n: number }>("SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM erased) AS n")
      .one().n;
    if (left === 0) await this.deleteStorage();
    return n;
  }

  /** The day is past the retention: everything goes, the object's storage with it. Returns how many events. */
  async clear(): Promise<number> {
    const n = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM events").one().n;
    await this.deleteStorage();
    return n;
  }

  /** The account deletion: the user's events go, and a later one of theirs is not kept. */
  eraseUser(userId: string): number {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      const n = sql.exec<{ n: number }>("SELECT count(*) AS n FROM events WHERE user_id = ?", userId).one().n;
      sql.exec("DELETE FROM events WHERE user_id = ?", userId);
      sql.exec("INSERT OR IGNORE INTO erased (user_id) VALUES (?)", userId);
      return n;
    });
  }

  private async deleteStorage(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.createTables();
  }

  private distinct(column: "ip" | "user_id" | "article_id", where: string, ...params: (string | number)[]): string[] {
    return this.ctx.storage.sql
      .exec<{ v: string | null }>(`SELECT DISTINCT ${column} AS v FROM events WHERE ${where}`, ...params)
      .toArray()
      .flatMap((r) => (r.v === null ? [] : [r.v]));
  }

  private recent(where: string, ...params: (string | number)[]): LoggedEvent[] {
    return this.ctx.storage.sql
      .exec<Row>(`SELECT * FROM events WHERE ${where} ORDER BY created_at DESC LIMIT ?`, ...params, RECENT_LIMIT)
      .toArray()
      .map(asEvent);
  }
}
