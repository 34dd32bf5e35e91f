// One ReputationHistory object per user (ADR 022 steps 17 and 18): their reputation history, which the
// main D1 database kept for ever. D1 keeps the running totals (`user_reputation`). The "votes received"
// are one entry per UTC day with the day's sum: the articles' ArticleThread objects hand each change
// here with their own number, so one handed over again adds nothing twice. Every other change's entry
// comes from D1's `reputation_outbox` under its own id, so one delivered twice is kept once.
import { DurableObject } from "cloudflare:workers";
import type { ExportedReputationEntry } from "@unbiased/worker-shared/contracts/account";
import { REPUTATION_REASONS } from "@unbiased/worker-shared/contracts/comments";
import {
  createErasedTable,
  ERASED_RETENTION_MS,
  isErased,
  markErased,
} from "@unbiased/worker-shared/limits/object-window";
import { dailyEntryId } from "../storage/reputation.ts";

/** One change of the votes a user's comment received, as its thread numbered it. */
export interface ReceivedVote {
  seq: number;
  /** Points the change moved (+1 an upvote, -1 a downvote, -2 an upvote turned down, …). */
  delta: number;
  at: number;
}

/** An entry as the data export shows it (as D1's `reputation_changes` rows are shown). */
export type HistoryEntry = ExportedReputationEntry;

export class ReputationHistory extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.createTables();
  }

  private createTables(): void {
    const sql = this.ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS entries (
      id TEXT PRIMARY KEY, reason TEXT NOT NULL, delta INTEGER NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID`);
    // The newest change taken from each article's thread (its numbers only grow).
    sql.exec("CREATE TABLE IF NOT EXISTS taken (article_id TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID");
    createErasedTable(sql);
  }

  /** Adds one thread's changes (oldest first) to their days' entries; those taken before add nothing. */
  receiveVotes(userId: string, articleId: string, changes: ReceivedVote[]): void {
    this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      if (isErased(sql)) return;
      const [row] = sql.exec<{ seq: number }>("SELECT seq FROM taken WHERE article_id = ?", articleId).toArray();
      let taken = row?.seq ?? 0;
      for (const change of changes) {
        if (change.seq <= taken) continue;
        sql.exec(
          `INSERT INTO entries (id, reason, delta, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET delta = delta + excluded.delta`,
          dailyEntryId(REPUTATION_REASONS.votesReceived, userId, change.at),
          REPUTATION_REASONS.votesReceived,
          change.delta,
          change.at,
        );
        taken = change.seq;
      }
      sql.exec(
        "INSERT INTO taken (article_id, seq) VALUES (?, ?) ON CONFLICT (article_id) DO UPDATE SET seq = excluded.seq",
        articleId,
        taken,
      );
    });
  }

  /** Entries of other reasons, from D1's outbox: each kept once by its id. */
  record(entries: HistoryEntry[]): void {
    this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      if (isErased(sql)) return;
      for (const entry of entries)
        sql.exec(
          "INSERT OR IGNORE INTO entries (id, reason, delta, created_at) VALUES (?, ?, ?, ?)",
          entry.id,
          entry.reason,
          entry.delta,
          entry.createdAt,
        );
    });
  }

  /** Every entry, oldest first (the data export). */
  entries(): HistoryEntry[] {
    return this.ctx.storage.sql
      .exec<{ id: string; reason: string; delta: number; created_at: number }>(
        "SELECT id, reason, delta, created_at FROM entries ORDER BY created_at",
      )
      .toArray()
      .map((row) => ({ id: row.id, delta: row.delta, reason: row.reason, actorId: null, createdAt: row.created_at }));
  }

  /** An account deletion (ADR 017): the history goes, and late changes are refused for a week. */
  async erase(): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      markErased(sql, Date.now());
      sql.exec("DELETE FROM entries");
      sql.exec("DELETE FROM taken");
    });
    await this.ctx.storage.setAlarm(Date.now() + ERASED_RETENTION_MS);
  }

  /** A week after the deletion: nothing of the user stays. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.createTables();
  }
}
