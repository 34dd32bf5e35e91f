// One SavedArticles object per reader (docs/decisions/025-saved-articles.md): the articles they keep
// for later, newest first. It grows with one reader's list only (at most SAVED_ARTICLES_MAX rows of
// about 40 bytes), so no database holds everyone's; the object also counts the reader's changes
// against their limit, which costs no D1 write. Only the gateway reaches it, for a signed-in reader.
import { DurableObject } from "cloudflare:workers";
import { SAVED_ARTICLES_MAX } from "@unbiased/worker-shared/contracts/saved";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import {
  countInWindow,
  createReaderTables,
  ERASED_RETENTION_MS,
  isErased,
  markErased,
} from "@unbiased/worker-shared/limits/object-window";

/**
 * A change the object refused: the list is full, the reader's changes passed their limit, or the
 * account was deleted while the request was on its way.
 */
export type SavedRefusal = { refused: "full" } | { refused: "limited"; retryAfterMs: number } | { refused: "erased" };

export interface SavedEntry {
  articleId: string;
  savedAt: number;
}

/** Where a page of the list starts: after this entry, going back in time. */
export type SavedCursor = SavedEntry;

export class SavedArticles extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.createTables();
  }

  /** The object's tables (again after its storage was deleted, while it stays in memory). */
  private createTables(): void {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS saved (article_id TEXT PRIMARY KEY, saved_at INTEGER NOT NULL) WITHOUT ROWID");
    sql.exec("CREATE INDEX IF NOT EXISTS saved_by_time ON saved (saved_at, article_id)");
    // How many are saved and the newest save's time, kept with every change: a save neither counts
    // the list nor shares its time with another (the list's order is the time's).
    sql.exec(
      "CREATE TABLE IF NOT EXISTS list_state (id INTEGER PRIMARY KEY CHECK (id = 1), saved INTEGER NOT NULL, last_at INTEGER NOT NULL)",
    );
    // One fixed window of the reader's changes (RATE_LIMITS.savedChanges).
    createReaderTables(sql, "changes");
  }

  /**
   * Saves an article; saving it again keeps its first time. Refused when the account is deleted (its
   * request began before), the list is full, or the reader's changes passed their limit. A save's
   * time is after every earlier save's, even within one millisecond.
   */
  save(articleId: string, now = Date.now()): SavedEntry | SavedRefusal {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      const existing = this.savedAt(articleId);
      if (existing !== null) return { articleId, savedAt: existing };
      if (isErased(sql)) return { refused: "erased" };
      const state = this.listState();
      if (state.saved >= SAVED_ARTICLES_MAX) return { refused: "full" };
      const limited = countInWindow(sql, "changes", RATE_LIMITS.savedChanges, now);
      if (limited) return { refused: "limited", ...limited };
      const savedAt = Math.max(now, state.lastAt + 1);
      sql.exec("INSERT INTO saved (article_id, saved_at) VALUES (?, ?)", articleId, savedAt);
      this.writeListState(state.saved + 1, savedAt);
      return { articleId, savedAt };
    });
  }

  /** Removes an article from the list (nothing to remove is no error, and costs no change). */
  unsave(articleId: string, now = Date.now()): { removed: boolean } | SavedRefusal {
    return this.ctx.storage.transactionSync(() => {
      if (this.savedAt(articleId) === null) return { removed: false };
      const limited = countInWindow(this.ctx.storage.sql, "changes", RATE_LIMITS.savedChanges, now);
      if (limited) return { refused: "limited", ...limited };
      this.ctx.storage.sql.exec("DELETE FROM saved WHERE article_id = ?", articleId);
      const state = this.listState();
      this.writeListState(state.saved - 1, state.lastAt);
      return { removed: true };
    });
  }

  /** Which of `articleIds` are saved. */
  among(articleIds: string[]): string[] {
    if (articleIds.length === 0) return [];
    return this.ctx.storage.sql
      .exec<{ article_id: string }>(
        `SELECT article_id FROM saved WHERE article_id IN (${articleIds.map(() => "?").join(",")})`,
        ...articleIds,
      )
      .toArray()
      .map((r) => r.article_id);
  }

  /**
   * Up to `count` entries, newest first, after `cursor` (the last entry of the page before; null for
   * the first page). Keyed on the entry, not an offset: a removal meanwhile skips nothing.
   */
  newest(cursor: SavedCursor | null, count: number): SavedEntry[] {
    const rows = cursor
      ? this.ctx.storage.sql.exec<{ article_id: string; saved_at: number }>(
          "SELECT article_id, saved_at FROM saved WHERE (saved_at, article_id) < (?, ?) ORDER BY saved_at DESC, article_id DESC LIMIT ?",
          cursor.savedAt,
          cursor.articleId,
          count,
        )
      : this.ctx.storage.sql.exec<{ article_id: string; saved_at: number }>(
          "SELECT article_id, saved_at FROM saved ORDER BY saved_at DESC, article_id DESC LIMIT ?",
          count,
        );
    return rows.toArray().map((r) => ({ articleId: r.article_id, savedAt: r.saved_at }));
  }

  /** Every saved article, oldest first (the data export). */
  all(): SavedEntry[] {
    return this.ctx.storage.sql
      .exec<{ article_id: string; saved_at: number }>(
        "SELECT article_id, saved_at FROM saved ORDER BY saved_at, article_id",
      )
      .toArray()
      .map((r) => ({ articleId: r.article_id, savedAt: r.saved_at }));
  }

  /** The account deletion: the list goes, late saves are refused for a week, then the storage goes. */
  async erase(): Promise<void> {
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      sql.exec("DELETE FROM saved");
      sql.exec("DELETE FROM list_state");
      sql.exec("DELETE FROM changes");
      markErased(sql, now);
    });
    await this.ctx.storage.setAlarm(now + ERASED_RETENTION_MS);
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.createTables();
  }

  private savedAt(articleId: string): number | null {
    const [row] = this.ctx.storage.sql
      .exec<{ saved_at: number }>("SELECT saved_at FROM saved WHERE article_id = ?", articleId)
      .toArray();
    return row ? row.saved_at : null;
  }

  private listState(): { saved: number; lastAt: number } {
    const [row] = this.ctx.storage.sql
      .exec<{ saved: number; last_at: number }>("SELECT saved, last_at FROM list_state")
      .toArray();
    return row ? { saved: row.saved, lastAt: row.last_at } : { saved: 0, lastAt: 0 };
  }

  private writeListState(saved: number, lastAt: number): void {
    this.ctx.storage.sql.exec(
      "INSERT INTO list_state (id, saved, last_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET saved = excluded.saved, last_at = excluded.last_at",
      saved,
      lastAt,
    );
  }
}
