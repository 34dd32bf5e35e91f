// What every per-user Durable Object shares (the gateway's SavedArticles, Inbox and UserSessions: ADR 025,
// ADR 026; the comments worker's UserCommentVotes: ADR 022): a fixed window counting the user's changes
// against their limit (no D1 write), and the mark an account's deletion leaves, under which the object
// refuses late additions for a week before it deletes itself.

/** How long a deleted account's object refuses late additions before it forgets them (and itself). */
export const ERASED_RETENTION_MS = 7 * 24 * 3600_000;

/** The tables of the window (named by the caller) and of the deletion mark. */
export function createReaderTables(sql: SqlStorage, windowTable: string): void {
  createWindowTable(sql, windowTable);
  createErasedTable(sql);
}

/** One window's table (an object counting against more than one limit has one per limit). */
export function createWindowTable(sql: SqlStorage, windowTable: string): void {
  sql.exec(
    `CREATE TABLE IF NOT EXISTS ${windowTable} (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL, reset_at INTEGER NOT NULL)`,
  );
}

/** The deletion mark's table alone, for an object that counts no window (UserSessions). */
export function createErasedTable(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS erased (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)");
}

/** Counts one change in the window; how long until the next is allowed when this one passed the limit. */
export function countInWindow(
  sql: SqlStorage,
  windowTable: string,
  { limit, windowMs }: { limit: number; windowMs: number },
  now: number,
): { retryAfterMs: number } | null {
  const [row] = sql
    .exec<{ count: number; reset_at: number }>(
      `INSERT INTO ${windowTable} (id, count, reset_at) VALUES (1, 1, ?)
       ON CONFLICT (id) DO UPDATE SET
         count = CASE WHEN reset_at <= ? THEN 1 ELSE count + 1 END,
         reset_at = CASE WHEN reset_at <= ? THEN excluded.reset_at ELSE reset_at END
       RETURNING count, reset_at`,
      now + windowMs,
      now,
      now,
    )
    .toArray();
  return row && row.count > limit ? { retryAfterMs: row.reset_at - now } : null;
}

export const isErased = (sql: SqlStorage): boolean => sql.exec("SELECT 1 FROM erased").toArray().length > 0;

/** Marks the object erased (in the caller's transaction, with its own data deleted). */
export function markErased(sql: SqlStorage, now: number): void {
  sql.exec("INSERT OR IGNORE INTO erased (id, at) VALUES (1, ?)", now);
}
