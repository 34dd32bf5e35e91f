// One UserVotes object per user: the user's current vote on each article, for their voting history,
// their data export and their account deletion (ADR 022). It grows with one user's votes only (a user
// votes once per article: 100,000 articles is about 18 MB), so no database holds everyone's history.
// The vote-events consumer writes it, a batch's changes for this user in one call; every change moves
// forward in time only, so a replayed, duplicated or reordered event never overwrites a newer vote.
import { DurableObject } from "cloudflare:workers";
import type { VoteType } from "@unbiased/worker-shared/contracts/votes";

/** One vote change as the history keeps it: null removes the vote. */
export interface HistoryChange {
  articleId: string;
  voteType: VoteType | null;
  /** The ArticleVotes object's time of the change. */
  at: number;
  /** The ArticleVotes object's number of the change (0 when sent before ADR 022 numbered them). */
  seq: number;
}

/** A current vote, as the history, the export and the migration read it. */
export interface HistoryVote {
  articleId: string;
  voteType: VoteType;
  updatedAt: number;
}

/** How long a deleted account's object refuses late events before it forgets them (and itself). */
const ERASED_RETENTION_MS = 7 * 24 * 3600_000;

export class UserVotes extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.createTables();
  }

  /** The object's tables (again after its storage was deleted, while it stays in memory). */
  private createTables(): void {
    const sql = this.ctx.storage.sql;
    // A removed vote stays as a row without a type, so an older event replayed later cannot bring it back.
    sql.exec(
      "CREATE TABLE IF NOT EXISTS votes (article_id TEXT PRIMARY KEY, vote_type TEXT CHECK (vote_type IN ('upvote','downvote')), seq INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL) WITHOUT ROWID",
    );
    sql.exec("CREATE INDEX IF NOT EXISTS votes_recent ON votes (updated_at)");
    sql.exec("CREATE TABLE IF NOT EXISTS erased (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)");
  }

  /**
   * Applies changes, newer wins per article: by the article object's number of the change, then (for
   * changes it sent before it numbered them) by time. None once the account is deleted. Returns how
   * many applied.
   */
  apply(changes: HistoryChange[]): number {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      if (sql.exec("SELECT 1 FROM erased").toArray().length > 0) return 0;
      let applied = 0;
      for (const change of changes) {
        const written = sql.exec(
          `INSERT INTO votes (article_id, vote_type, seq, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (article_id) DO UPDATE SET vote_type = excluded.vote_type, seq = excluded.seq,
             updated_at = excluded.updated_at
           WHERE (votes.seq, votes.updated_at) <= (excluded.seq, excluded.updated_at)`,
          change.articleId,
          change.voteType,
          change.seq,
          change.at,
        ).rowsWritten;
        if (written > 0) applied += 1;
      }
      return applied;
    });
  }

  /** The newest current votes first (the profile's voting history). */
  recent(limit: number): HistoryVote[] {
    return this.ctx.storage.sql
      .exec<{ article_id: string; vote_type: VoteType; updated_at: number }>(
        "SELECT article_id, vote_type, updated_at FROM votes WHERE vote_type IS NOT NULL ORDER BY updated_at DESC LIMIT ?",
        limit,
      )
      .toArray()
      .map((r) => ({ articleId: r.article_id, voteType: r.vote_type, updatedAt: r.updated_at }));
  }

  /** Every current vote, oldest first (the data export). */
  all(): HistoryVote[] {
    return this.ctx.storage.sql
      .exec<{ article_id: string; vote_type: VoteType; updated_at: number }>(
        "SELECT article_id, vote_type, updated_at FROM votes WHERE vote_type IS NOT NULL ORDER BY updated_at",
      )
      .toArray()
      .map((r) => ({ articleId: r.article_id, voteType: r.vote_type, updatedAt: r.updated_at }));
  }

  /** Every article the user has voted on, a vote since removed included (the account deletion). */
  articleIds(): string[] {
    return this.ctx.storage.sql
      .exec<{ article_id: string }>("SELECT article_id FROM votes")
      .toArray()
      .map((r) => r.article_id);
  }

  /**
   * The account deletion: every vote goes, and late events are refused for a week; then the alarm
   * removes the object's storage altogether.
   */
  async erase(): Promise<void> {
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      sql.exec("DELETE FROM votes");
      sql.exec("INSERT OR IGNORE INTO erased (id, at) VALUES (1, ?)", now);
    });
    await this.ctx.storage.setAlarm(now + ERASED_RETENTION_MS);
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.createTables();
  }
}
