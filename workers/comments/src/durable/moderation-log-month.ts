// One ModerationLogMonth object per UTC month (ADR 022 step 20): the moderation log's entries logged in
// that month, which the main D1 database kept for ever (287 bytes an approval). D1's `moderation_log`
// now holds an entry only from the action's batch until it is moved here
// (storage/moderation-log-delivery.ts). The log stays append-only: no method changes or removes an entry,
// and one moved twice is kept once, by D1's id.
//
// A month rather than a day: ModMe's filtered views count over every object (36 after three years, not
// 1,095), and a month at 10 M readers a day stays under half an object's limit (docs/capacity.md).
import { DurableObject } from "cloudflare:workers";
import type {
  ModerationDayCount,
  ModerationLogQuery,
  ModerationLogSlice,
  StoredModerationEntry,
} from "@unbiased/worker-shared/contracts/moderation-log-store";

const COLUMNS = `id, actor_id AS actorId, action, target_type AS targetType, target_id AS targetId, reason, details,
  created_at AS createdAt`;

/** The query as SQL conditions; lists travel as JSON (one parameter, however long). */
function whereOf(query: ModerationLogQuery): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (query.actorIds) {
    parts.push("actor_id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(query.actorIds));
  }
  if (query.actions) {
    parts.push("action IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(query.actions));
  }
  if (query.target !== undefined) {
    parts.push("(target_id = ? OR target_type = ?)");
    params.push(query.target, query.target);
  }
  if (query.from !== undefined) {
    parts.push("created_at >= ?");
    params.push(query.from);
  }
  if (query.before !== undefined) {
    parts.push("created_at < ?");
    params.push(query.before);
  }
  return { where: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

export class ModerationLogMonth extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS entries (
      id INTEGER PRIMARY KEY, actor_id TEXT, action TEXT NOT NULL, target_type TEXT NOT NULL,
      target_id TEXT NOT NULL, reason TEXT, details TEXT, created_at INTEGER NOT NULL)`);
    // ModMe's filters (moderator, action, target id or type), each a walk newest first.
    sql.exec("CREATE INDEX IF NOT EXISTS entries_actor ON entries (actor_id, id)");
    sql.exec("CREATE INDEX IF NOT EXISTS entries_action ON entries (action, id)");
    sql.exec("CREATE INDEX IF NOT EXISTS entries_target ON entries (target_id, id)");
    sql.exec("CREATE INDEX IF NOT EXISTS entries_target_type ON entries (target_type, id)");
    // The month's distinct actions (ModMe's filter menu) without reading every entry.
    sql.exec("CREATE TABLE IF NOT EXISTS actions (action TEXT PRIMARY KEY) WITHOUT ROWID");
  }

  /**
   * Keeps the entries; one already kept (moved before its D1 row was deleted) is left as it is. Returns
   * the ids this month holds for a different entry: ids D1 gave again (after a restore of D1 to an
   * earlier time), whose entries must stay in D1 rather than be lost here.
   */
  record(entries: StoredModerationEntry[]): number[] {
    const sql = this.ctx.storage.sql;
    return this.ctx.storage.transactionSync(() => {
      const clashes: number[] = [];
      for (const e of entries) {
        const { rowsWritten } = sql.exec(
          `INSERT OR IGNORE INTO entries (id, actor_id, action, target_type, target_id, reason, details, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          e.id,
          e.actorId,
          e.action,
          e.targetType,
          e.targetId,
          e.reason,
          e.details,
          e.createdAt,
        );
        if (rowsWritten === 0) {
          const kept = sql
            .exec<{ same: number }>(
              "SELECT action = ? AND target_id = ? AND created_at = ? AS same FROM entries WHERE id = ?",
              e.action,
              e.targetId,
              e.createdAt,
              e.id,
            )
            .one();
          if (!kept.same) clashes.push(e.id);
        }
        sql.exec("INSERT OR IGNORE INTO actions (action) VALUES (?)", e.action);
      }
      return clashes;
    });
  }

  /** How many entries match, and `limit` of them newest first from `offset` (none when `limit` is 0). */
  slice(query: ModerationLogQuery, offset: number, limit: number): ModerationLogSlice {
    const { where, params } = whereOf(query);
    const sql = this.ctx.storage.sql;
    const total = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM entries ${where}`, ...params).one().n;
    const entries =
      limit > 0 && offset < total
        ? sql
            .exec<StoredModerationEntry>(
              `SELECT ${COLUMNS} FROM entries ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
              ...params,
              limit,
              offset,
            )
            .toArray()
        : [];
    return { entries, total };
  }

  /** Every action logged this month. */
  actions(): string[] {
    return this.ctx.storage.sql
      .exec<{ action: string }>("SELECT action FROM actions")
      .toArray()
      .map((row) => row.action);
  }

  /** The matching entries counted by UTC day, action and ban kind (the public log's ban days). */
  dayCounts(query: ModerationLogQuery): ModerationDayCount[] {
    const { where, params } = whereOf(query);
    return this.ctx.storage.sql
      .exec<ModerationDayCount>(
        `SELECT date(created_at / 1000, 'unixepoch') AS day, action, json_extract(details, '$.banType') AS kind,
           count(*) AS n
         FROM entries ${where} GROUP BY day, action, kind`,
        ...params,
      )
      .toArray();
  }
}
