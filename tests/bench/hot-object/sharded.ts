// A simulation of ADR 010's sharded counters (benchmark only, not part of the product): an article's
// votes live in S shard objects chosen by the voter (fnv1a(userId) mod S), each shard changes a
// user's vote and its own counts in one transaction, exactly like ArticleVotes, and an alarm (at most
// every FOLD_MS) pushes the shard's absolute totals with its change counter to the article's root
// object, which keeps one row per shard, ignores an older push and answers counts as the sum.
// Vote events (each shard's own outbox in the design) are left out: the simulation is about the fold.
import { DurableObject } from "cloudflare:workers";

/** How often, at most, a shard pushes its totals to the root. */
export const FOLD_MS = 250;

export interface Totals {
  upvotes: number;
  downvotes: number;
}
export interface RootCounts extends Totals {
  /** Fold pushes the root has taken (one per shard per fold interval at most). */
  pushes: number;
}

/** 32-bit FNV-1a: the voter's shard, stable for a user so their vote always lives in one place. */
export function shardOf(userId: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

interface RootStub {
  fold(shard: number, version: number, totals: Totals): Promise<RootCounts>;
  getCounts(): Promise<RootCounts>;
}
interface ShardEnv {
  SIM_ROOT: { idFromName(name: string): unknown; get(id: unknown): RootStub };
}

export class SimulatedVoteShard extends DurableObject<ShardEnv> {
  private foldScheduled = false;
  /** The root's sum at this shard's last push, and what this shard had folded into it then. */
  private seen: { root: Totals; folded: Totals } | null = null;

  constructor(ctx: DurableObjectState, env: ShardEnv) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS votes (user_id TEXT PRIMARY KEY, vote_type TEXT NOT NULL)");
    sql.exec(
      "CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1), article_id TEXT, shard INTEGER, upvotes INTEGER NOT NULL CHECK (upvotes >= 0), downvotes INTEGER NOT NULL CHECK (downvotes >= 0), version INTEGER NOT NULL)",
    );
    sql.exec("INSERT OR IGNORE INTO state (id, upvotes, downvotes, version) VALUES (1, 0, 0, 0)");
  }

  private state() {
    return this.ctx.storage.sql
      .exec<{ article_id: string | null; shard: number | null; upvotes: number; downvotes: number; version: number }>(
        "SELECT article_id, shard, upvotes, downvotes, version FROM state WHERE id = 1",
      )
      .one();
  }

  private root(articleId: string) {
    return this.env.SIM_ROOT.get(this.env.SIM_ROOT.idFromName(articleId));
  }

  /**
   * Sets the user's vote and answers the article's counts as the voter sees them: the root's sum at
   * the last fold, with this shard's part replaced by its current totals (exact for the voter's own
   * change, at most one fold interval behind for the other shards').
   */
  async setVote(userId: string, vote: "upvote" | "downvote" | null, articleId: string, shard: number) {
    const changed = this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      const previous =
        sql.exec<{ vote_type: string }>("SELECT vote_type FROM votes WHERE user_id = ?", userId).toArray()[0]
          ?.vote_type ?? null;
      if (previous === vote) return false;
      if (vote === null) sql.exec("DELETE FROM votes WHERE user_id = ?", userId);
      else
        sql.exec(
          "INSERT INTO votes (user_id, vote_type) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET vote_type = excluded.vote_type",
          userId,
          vote,
        );
      const delta = (type: string) => (vote === type ? 1 : 0) - (previous === type ? 1 : 0);
      sql.exec(
        "UPDATE state SET article_id = ?, shard = ?, upvotes = upvotes + ?, downvotes = downvotes + ?, version = version + 1 WHERE id = 1",
        articleId,
        shard,
        delta("upvote"),
        delta("downvote"),
      );
      return true;
    });
    if (changed) await this.scheduleFold();
    this.seen ??= { root: await this.root(articleId).getCounts(), folded: { upvotes: 0, downvotes: 0 } };
    const { upvotes, downvotes } = this.state();
    const { root, folded } = this.seen;
    return {
      upvotes: root.upvotes - folded.upvotes + upvotes,
      downvotes: root.downvotes - folded.downvotes + downvotes,
    };
  }

  private async scheduleFold(): Promise<void> {
    if (this.foldScheduled) return;
    this.foldScheduled = true;
    await this.ctx.storage.setAlarm(Date.now() + FOLD_MS);
  }

  /** Pushes this shard's absolute totals and change counter; a failure throws and the alarm retries. */
  override async alarm(): Promise<void> {
    const pushed = this.state();
    if (pushed.article_id === null || pushed.shard === null) return;
    const folded = { upvotes: pushed.upvotes, downvotes: pushed.downvotes };
    const root = await this.root(pushed.article_id).fold(pushed.shard, pushed.version, folded);
    this.seen = { root, folded };
    this.foldScheduled = false;
    // Votes that arrived while the push was in flight fold at the next interval.
    if (this.state().version > pushed.version) await this.scheduleFold();
  }
}

export class SimulatedVoteRoot extends DurableObject<object> {
  private pushes = 0;

  constructor(ctx: DurableObjectState, env: object) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS shards (shard INTEGER PRIMARY KEY, version INTEGER NOT NULL, upvotes INTEGER NOT NULL, downvotes INTEGER NOT NULL)",
    );
  }

  /** Takes a shard's push unless a newer one is already in: idempotent and order-proof. */
  fold(shard: number, version: number, totals: Totals): RootCounts {
    this.pushes++;
    this.ctx.storage.sql.exec(
      "INSERT INTO shards (shard, version, upvotes, downvotes) VALUES (?, ?, ?, ?) ON CONFLICT(shard) DO UPDATE SET version = excluded.version, upvotes = excluded.upvotes, downvotes = excluded.downvotes WHERE excluded.version > shards.version",
      shard,
      version,
      totals.upvotes,
      totals.downvotes,
    );
    return this.getCounts();
  }

  getCounts(): RootCounts {
    const row = this.ctx.storage.sql
      .exec<{ up: number | null; down: number | null }>("SELECT sum(upvotes) AS up, sum(downvotes) AS down FROM shards")
      .one();
    return { upvotes: row.up ?? 0, downvotes: row.down ?? 0, pushes: this.pushes };
  }
}
