// Per-user vote limits (spec §9: 100 per hour by default) in a bounded number of objects: a user's
// sliding window lives in the VoteLimiter object of their bucket (a hash of the user id), beside the
// windows of the other users of that bucket, each in its own rows. One object per user would make the
// number of live objects grow with the number of voters: locally, 6,000 voters in a burst exhausted
// workerd's SQLite memory (SQLITE_NOMEM) with 6,000 objects open at once (ADR 010). Every vote passes
// here before its article's object, so this is also where an account deletion learns, at once and
// without waiting for D1, which articles the user voted on, and where it stops their votes (ADR 017).
import { DurableObject } from "cloudflare:workers";
import { TRACKING_RETENTION_DAYS } from "@unbiased/worker-shared/contracts/votes";
import { fnv1a32 } from "@unbiased/worker-shared/hash/fnv1a";

export interface LimitDecision {
  allowed: boolean;
  remaining: number;
  /** When refused: seconds until the oldest counted vote leaves the window. */
  retryAfterSeconds: number;
  /** Refused because the user's account is being deleted (forget() below): not a limit, an end. */
  erased?: true;
}

/**
 * How long the articles a user voted on are remembered here: as long as the D1 event log keeps a
 * vote's record (TRACKING_RETENTION_DAYS). An account deletion reads them from here, written with the
 * vote itself, so it finds every article even while the D1 copy lags behind the objects (ADR 017).
 */
export const VOTED_ARTICLES_RETENTION_MS = TRACKING_RETENTION_DAYS * 24 * 3600_000;
/** A deleted user stays refused this long: far longer than any request that was in flight at the time. */
export const ERASED_USER_RETENTION_MS = 24 * 3600_000;

/**
 * How many limiter objects share the users. Each object serves its users' votes one at a time, so
 * 64 of them carry tens of thousands of votes a second on Cloudflare while staying few enough to be
 * all alive on one local runtime. Changing it moves users to other buckets: their windows restart.
 */
export const LIMITER_BUCKETS = 64;

/** The bucket of a user: FNV-1a of the id, so users spread evenly and a user always lands in one bucket. */
export function limiterBucket(userId: string, buckets = LIMITER_BUCKETS): number {
  return fnv1a32(userId) % buckets;
}

export class VoteLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS user_hits (user_id TEXT NOT NULL, at INTEGER NOT NULL)");
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS user_hits_user_at ON user_hits (user_id, at)");
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS user_hits_at ON user_hits (at)");
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS voted_articles (user_id TEXT NOT NULL, article_id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (user_id, article_id))",
    );
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS voted_articles_at ON voted_articles (at)");
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS erased_users (user_id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
  }

  /**
   * Counts one action of `userId` if they are under `limit` in the last `windowMs`; refuses otherwise.
   * With `articleId` (a vote), an allowed action also remembers the article (voted_articles).
   */
  consume(userId: string, limit: number, windowMs: number, now = Date.now(), articleId?: string): LimitDecision {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      if (sql.exec("SELECT 1 FROM erased_users WHERE user_id = ?", userId).toArray().length > 0) {
        return { allowed: false, remaining: 0, retryAfterSeconds: 0, erased: true };
      }
      // Every user's expired hits go, not only this user's: the table holds live windows only.
      sql.exec("DELETE FROM user_hits WHERE at <= ?", now - windowMs);
      const { n, oldest } = sql
        .exec<{ n: number; oldest: number | null }>(
          "SELECT count(*) AS n, min(at) AS oldest FROM user_hits WHERE user_id = ?",
          userId,
        )
        .one();
      if (n >= limit) {
        return {
          allowed: false,
          remaining: 0,
          retryAfterSeconds: Math.max(1, Math.ceil(((oldest ?? now) + windowMs - now) / 1000)),
        };
      }
      sql.exec("INSERT INTO user_hits (user_id, at) VALUES (?, ?)", userId, now);
      if (articleId) {
        sql.exec(
          "INSERT INTO voted_articles (user_id, article_id, at) VALUES (?, ?, ?) ON CONFLICT (user_id, article_id) DO UPDATE SET at = excluded.at",
          userId,
          articleId,
          now,
        );
        sql.exec("DELETE FROM voted_articles WHERE at <= ?", now - VOTED_ARTICLES_RETENTION_MS);
      }
      return { allowed: true, remaining: limit - n - 1, retryAfterSeconds: 0 };
    });
  }

  /**
   * An account deletion's first step here: from now on the user's votes are refused (a request that
   * passed its sign-in check before the sessions were revoked stops at this object, or has already
   * recorded its article), and the articles they voted on are handed over. They stay recorded until
   * forget(), so a deletion that fails half-way finds them again when it is retried.
   */
  stopVotes(userId: string, now = Date.now()): string[] {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      sql.exec("DELETE FROM erased_users WHERE at <= ?", now - ERASED_USER_RETENTION_MS);
      sql.exec("INSERT OR IGNORE INTO erased_users (user_id, at) VALUES (?, ?)", userId, now);
      return sql
        .exec<{ article_id: string }>("SELECT article_id FROM voted_articles WHERE user_id = ?", userId)
        .toArray()
        .map((row) => row.article_id);
    });
  }

  /** The articles the user voted on since `since` (the export asks their objects, ADR 022). */
  recentArticles(userId: string, since: number): string[] {
    return this.ctx.storage.sql
      .exec<{ article_id: string }>(
        "SELECT article_id FROM voted_articles WHERE user_id = ? AND at >= ?",
        userId,
        since,
      )
      .toArray()
      .map((row) => row.article_id);
  }

  /** The deletion's last step here: the user's window and articles go (the refusal stays, see above). */
  forget(userId: string): void {
    this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec("DELETE FROM voted_articles WHERE user_id = ?", userId);
      this.ctx.storage.sql.exec("DELETE FROM user_hits WHERE user_id = ?", userId);
    });
  }
}
