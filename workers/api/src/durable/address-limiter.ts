// Limits per client address that every reader meets many times a day (a token refresh, about twice a
// day each: the largest share of the main D1 database's rows written, ADR 022 step 23), counted in
// Durable Objects instead of D1's `rate_limits`: the address's fixed window lives in the AddressLimiter
// object of its bucket (a hash of the key), beside the other keys of that bucket. Buckets, not one
// object per address: the objects stay few however many addresses come (as VoteLimiter's users do).
import { DurableObject } from "cloudflare:workers";
import { fnv1a32 } from "@unbiased/worker-shared/hash/fnv1a";
import { ADDRESS_LIMITER_BUCKETS, type LimitRule } from "@unbiased/worker-shared/limits/config";
import { type LimitState, refuseOverLimit } from "@unbiased/worker-shared/limits/rate-limit";

/** The object that counts a key: FNV-1a of it, so keys spread evenly and one key always lands in one. */
export const addressLimiter = (env: Env, key: string) =>
  env.ADDRESS_LIMITER.get(env.ADDRESS_LIMITER.idFromName(`bucket:${fnv1a32(key) % ADDRESS_LIMITER_BUCKETS}`));

export class AddressLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS windows (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at INTEGER NOT NULL) WITHOUT ROWID",
    );
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS windows_reset_at ON windows (reset_at)");
  }

  /**
   * Counts one hit against `key` in its fixed window (a new one once the last has ended) and returns
   * the window after it, as D1's `hit` does. Ended windows of every key go first: the table holds live
   * windows only.
   */
  hit(key: string, rule: LimitRule, now = Date.now()): LimitState {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      sql.exec("DELETE FROM windows WHERE reset_at <= ?", now);
      return sql
        .exec<{ count: number; resetAt: number }>(
          `INSERT INTO windows (key, count, reset_at) VALUES (?, 1, ?)
           ON CONFLICT (key) DO UPDATE SET count = count + 1
           RETURNING count, reset_at AS resetAt`,
          key,
          now + rule.windowMs,
        )
        .one();
    });
  }
}

/** Counts a hit of `key` in its limiter and throws 429 once the rule's limit is passed (as D1's `consume`). */
export async function consumeAddressLimit(env: Env, key: string, rule: LimitRule, now = Date.now()): Promise<void> {
  refuseOverLimit(await addressLimiter(env, key).hit(key, rule, now), rule, now);
}
