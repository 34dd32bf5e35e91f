// Per-user vote limits (spec §9: 100 per hour by default) in a bounded number of objects: a user's
// sliding window lives in the VoteLimiter object of their bucket (a hash of the user id), beside the
// windows of the other users of that bucket, each in its own rows. One object per user would make the
// number of live objects grow with the number of voters: locally, 6,000 voters in a burst exhausted
// workerd's SQLite memory (SQLITE_NOMEM) with 6,000 objects open at once (ADR 010).
import { DurableObject } from "cloudflare:workers";

export interface LimitDecision {
  allowed: boolean;
  remaining: number;
  /** When refused: seconds until the oldest counted vote leaves the window. */
  retryAfterSeconds: number;
}

/**
 * How many limiter objects share the users. Each object serves its users' votes one at a time, so
 * 64 of them carry tens of thousands of votes a second on Cloudflare while staying few enough to be
 * all alive on one local runtime. Changing it moves users to other buckets: their windows restart.
 */
export const LIMITER_BUCKETS = 64;

/** The bucket of a user: FNV-1a of the id, so users spread evenly and a user always lands in one bucket. */
export function limiterBucket(userId: string, buckets = LIMITER_BUCKETS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}

export class VoteLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS user_hits (user_id TEXT NOT NULL, at INTEGER NOT NULL)");
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS user_hits_user_at ON user_hits (user_id, at)");
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS user_hits_at ON user_hits (at)");
  }

  /** Counts one action of `userId` if they are under `limit` in the last `windowMs`; refuses otherwise. */
  consume(userId: string, limit: number, windowMs: number, now = Date.now()): LimitDecision {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
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
      return { allowed: true, remaining: limit - n - 1, retryAfterSeconds: 0 };
    });
  }
}
