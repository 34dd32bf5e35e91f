// One Inbox object per reader (docs/decisions/026-inbox.md): what happened to what they wrote, newest
// first, with the unread count kept beside the entries, so the bell's every-minute question is one
// object call and no D1 read. Filled by the inbox queue's consumer (inbox/consume.ts); only the gateway
// reaches it, for that reader.
import { DurableObject } from "cloudflare:workers";
import { INBOX_MAX_ENTRIES, type InboxEntry, type InboxEntryInput } from "@unbiased/worker-shared/contracts/inbox";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import {
  countInWindow,
  createReaderTables,
  ERASED_RETENTION_MS,
  isErased,
  markErased,
} from "@unbiased/worker-shared/limits/object-window";

/** Where a page starts: after this entry, going back in time. */
export interface InboxCursor {
  at: number;
  id: string;
}

/** Which entries a mark covers. */
export type InboxMark = { ids: string[] } | { all: true };

export type InboxMarkResult = { unread: number } | { refused: "limited"; retryAfterMs: number };

interface EntryRow {
  id: string;
  type: InboxEntry["type"];
  at: number;
  link: string;
  subject: string;
  reason: string | null;
  actor_name: string | null;
  excerpt: string | null;
  read: number;
  arrived: number | null;
  [column: string]: SqlStorageValue;
}

const toEntry = (row: EntryRow): InboxEntry => ({
  id: row.id,
  type: row.type,
  at: row.at,
  link: row.link,
  subject: row.subject,
  reason: row.reason,
  actorName: row.actor_name,
  excerpt: row.excerpt,
  read: row.read === 1,
});

export class Inbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.createTables();
  }

  /** The object's tables (again after its storage was deleted, while it stays in memory). */
  private createTables(): void {
    const sql = this.ctx.storage.sql;
    sql.exec(
      `CREATE TABLE IF NOT EXISTS entries (
         id TEXT PRIMARY KEY, type TEXT NOT NULL, at INTEGER NOT NULL, link TEXT NOT NULL, subject TEXT NOT NULL,
         reason TEXT, actor_name TEXT, excerpt TEXT, read INTEGER NOT NULL DEFAULT 0, arrived INTEGER
       ) WITHOUT ROWID`,
    );
    // Objects made before entries recorded their arrival get the column; their entries read as
    // having arrived when their event happened.
    const columns = sql.exec<{ name: string }>("PRAGMA table_info(entries)").toArray();
    if (!columns.some((column) => column.name === "arrived"))
      sql.exec("ALTER TABLE entries ADD COLUMN arrived INTEGER");
    sql.exec("CREATE INDEX IF NOT EXISTS entries_by_time ON entries (at, id)");
    // The counts, kept with every change: the bell's count is one row, never a count of the entries.
    sql.exec(
      "CREATE TABLE IF NOT EXISTS counts (id INTEGER PRIMARY KEY CHECK (id = 1), entries INTEGER NOT NULL, unread INTEGER NOT NULL)",
    );
    // One fixed window of the reader's marks (RATE_LIMITS.inboxMarks).
    createReaderTables(sql, "marks");
  }

  /**
   * Adds entries, each once (an id already here, delivered again, changes nothing). Past
   * INBOX_MAX_ENTRIES the oldest read entries go first, then the oldest. Nothing after the account's
   * deletion. Each records when it arrived (`arrivedAt`), which the digest goes by: an event can
   * reach the inbox well after it happened (a queue retry), after a digest later than the event.
   * Returns how many were new.
   */
  add(entries: InboxEntryInput[], arrivedAt = Date.now()): number {
    return this.ctx.storage.transactionSync(() => {
      if (isErased(this.ctx.storage.sql)) return 0;
      const sql = this.ctx.storage.sql;
      let added = 0;
      for (const e of entries) {
        if (sql.exec("SELECT 1 FROM entries WHERE id = ?", e.id).toArray().length > 0) continue;
        sql.exec(
          `INSERT INTO entries (id, type, at, link, subject, reason, actor_name, excerpt, arrived)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          e.id,
          e.type,
          e.at,
          e.link,
          e.subject,
          e.reason,
          e.actorName,
          e.excerpt,
          arrivedAt,
        );
        added++;
      }
      const counts = this.counts();
      this.writeCounts(counts.entries + added, counts.unread + added);
      this.trim();
      return added;
    });
  }

  /** The bell's count. */
  unread(): number {
    return this.counts().unread;
  }

  /** Up to `count` entries, newest first, after `cursor` (the last of the page before; null for the first). */
  newest(cursor: InboxCursor | null, count: number): InboxEntry[] {
    const sql = this.ctx.storage.sql;
    const rows = cursor
      ? sql.exec<EntryRow>(
          "SELECT * FROM entries WHERE (at, id) < (?, ?) ORDER BY at DESC, id DESC LIMIT ?",
          cursor.at,
          cursor.id,
          count,
        )
      : sql.exec<EntryRow>("SELECT * FROM entries ORDER BY at DESC, id DESC LIMIT ?", count);
    return rows.toArray().map(toEntry);
  }

  /**
   * The digest's part: unread entries that arrived after `since` and by `until` (epoch ms), newest
   * first, at most `count`, and how many there are. By arrival, not by the event's time, so an entry
   * that came late is in the next digest rather than in none; and bounded by the run's own time, so
   * one that arrives while a digest is written is in the next one rather than in both.
   */
  unreadArrived(since: number, until: number, count: number): { entries: InboxEntry[]; total: number } {
    const sql = this.ctx.storage.sql;
    const arrivedBetween = "read = 0 AND coalesce(arrived, at) > ? AND coalesce(arrived, at) <= ?";
    const entries = sql
      .exec<EntryRow>(
        `SELECT * FROM entries WHERE ${arrivedBetween} ORDER BY at DESC, id DESC LIMIT ?`,
        since,
        until,
        count,
      )
      .toArray()
      .map(toEntry);
    const [row] = sql
      .exec<{ total: number }>(`SELECT count(*) AS total FROM entries WHERE ${arrivedBetween}`, since, until)
      .toArray();
    return { entries, total: row?.total ?? 0 };
  }

  /** Marks entries read (ids not here are passed over); the count left unread. */
  markRead(mark: InboxMark, now = Date.now()): InboxMarkResult {
    return this.ctx.storage.transactionSync(() => {
      const limited = countInWindow(this.ctx.storage.sql, "marks", RATE_LIMITS.inboxMarks, now);
      if (limited) return { refused: "limited", ...limited };
      const sql = this.ctx.storage.sql;
      if ("all" in mark) sql.exec("UPDATE entries SET read = 1 WHERE read = 0");
      else
        sql.exec(
          `UPDATE entries SET read = 1 WHERE read = 0 AND id IN (${mark.ids.map(() => "?").join(",")})`,
          ...mark.ids,
        );
      // Counted again (at most INBOX_MAX_ENTRIES rows, and only on a mark): the kept count stays exact.
      const [row] = sql.exec<{ unread: number }>("SELECT count(*) AS unread FROM entries WHERE read = 0").toArray();
      const unread = row?.unread ?? 0;
      this.writeCounts(this.counts().entries, unread);
      return { unread };
    });
  }

  /** Every entry, oldest first (the data export). */
  all(): InboxEntry[] {
    return this.ctx.storage.sql.exec<EntryRow>("SELECT * FROM entries ORDER BY at, id").toArray().map(toEntry);
  }

  /** The account deletion: the entries go, late ones are refused for a week, then the storage goes. */
  async erase(): Promise<void> {
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      const sql = this.ctx.storage.sql;
      sql.exec("DELETE FROM entries");
      sql.exec("DELETE FROM counts");
      sql.exec("DELETE FROM marks");
      markErased(sql, now);
    });
    await this.ctx.storage.setAlarm(now + ERASED_RETENTION_MS);
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.createTables();
  }

  /** Keeps at most INBOX_MAX_ENTRIES: the oldest read entries go first, then the oldest unread. */
  private trim(): void {
    const counts = this.counts();
    const excess = counts.entries - INBOX_MAX_ENTRIES;
    if (excess <= 0) return;
    const [gone] = this.ctx.storage.sql
      .exec<{ unread: number }>(
        `WITH doomed AS (SELECT id, read FROM entries ORDER BY read DESC, at, id LIMIT ?)
         SELECT count(*) FILTER (WHERE read = 0) AS unread FROM doomed`,
        excess,
      )
      .toArray();
    this.ctx.storage.sql.exec(
      "DELETE FROM entries WHERE id IN (SELECT id FROM entries ORDER BY read DESC, at, id LIMIT ?)",
      excess,
    );
    this.writeCounts(INBOX_MAX_ENTRIES, counts.unread - (gone?.unread ?? 0));
  }

  private counts(): { entries: number; unread: number } {
    const [row] = this.ctx.storage.sql
      .exec<{ entries: number; unread: number }>("SELECT entries, unread FROM counts")
      .toArray();
    return row ?? { entries: 0, unread: 0 };
  }

  private writeCounts(entries: number, unread: number): void {
    this.ctx.storage.sql.exec(
      "INSERT INTO counts (id, entries, unread) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET entries = excluded.entries, unread = excluded.unread",
      entries,
      unread,
    );
  }
}
