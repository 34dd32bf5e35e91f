// One VoteLimiter object per user: a sliding-window count of their votes (spec §9: 100 per hour by default).
import { DurableObject } from "cloudflare:workers";

export interface LimitDecision {
  allowed: boolean;
  remaining: number;
  /** When refused: seconds until the oldest counted vote leaves the window. */
  retryAfterSeconds: number;
}

export class VoteLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS hits (at INTEGER NOT NULL)");
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS hits_at ON hits (at)");
  }

  /** Counts one action if the user is under `limit` in the last `windowMs`; refuses otherwise. */
  consume(limit: number, windowMs: number, now = Date.now()): LimitDecision {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      sql.exec("DELETE FROM hits WHERE at <= ?", now - windowMs);
      const { n, oldest } = sql
        .exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM hits")
        .one();
      if (n >= limit) {
        return {
          allowed: false,
          remaining: 0,
          retryAfterSeconds: Math.max(1, Math.ceil(((oldest ?? now) + windowMs - now) / 1000)),
        };
      }
      sql.exec("INSERT INTO hits (at) VALUES (?)", now);
      return { allowed: true, remaining: limit - n - 1, retryAfterSeconds: 0 };
    });
  }
}
