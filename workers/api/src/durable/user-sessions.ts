// One UserSessions object per user (ADR 022): their sessions, which the main D1 database no longer
// holds. A session opens at sign-in, moves along its refresh tokens' numbered line (auth/refresh-token.ts)
// and ends at sign-out, when a token rotated away comes back, or with the account; its row stays
// ENDED_SESSION_RETENTION_DAYS after it ended, then the object's alarm deletes it (and the object's
// storage with its last row). The object is the record of a session; D1's `ended_sessions` is what the
// other workers read: the object writes a session's row there when it ends it early, and retries from
// its alarm until D1 has it, so no ended session is taken for an open one for longer than a retry.
import { DurableObject } from "cloudflare:workers";
import { ENDED_SESSION_RETENTION_MS, SESSION_IDLE_MS, SESSION_TTL_MS } from "@unbiased/worker-shared/contracts/auth";
import { meteredD1, meteredTask } from "@unbiased/worker-shared/db/row-meter";
import {
  createErasedTable,
  ERASED_RETENTION_MS,
  isErased,
  markErased,
} from "@unbiased/worker-shared/limits/object-window";

/** How soon the alarm tries again to write ended sessions D1 did not take. */
export const ANNOUNCE_RETRY_MS = 10_000;
const ROWS_PER_STATEMENT = 50;

interface SessionRow extends Record<string, SqlStorageValue> {
  id: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  generation: number;
  ended_at: number | null;
  /** 1 once D1's `ended_sessions` has the session (only an ended one is written there). */
  announced: number;
}

export type Rotation =
  | { kind: "rotated"; createdAt: number }
  /** A token of an earlier number came back: the session has ended. */
  | { kind: "reused" }
  /** Unknown session, or it has ended, expired or been idle too long. */
  | { kind: "refused" };

/** A session as the account's data export shows it (no token: the object keeps none). */
export interface ExportedSession {
  id: string;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number;
  /** When it ended early (signed out, a reused token, the account's deletion); named as D1's column. */
  revokedAt: number | null;
}

/** When a session stops being usable: ended early, past its absolute end, or idle too long. */
const endOf = (row: SessionRow) =>
  Math.min(row.ended_at ?? Infinity, row.expires_at, row.last_used_at + SESSION_IDLE_MS);

export class UserSessions extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.createTables();
  }

  private createTables(): void {
    createErasedTable(this.ctx.storage.sql);
    this.ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS sessions (
         id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
         last_used_at INTEGER NOT NULL, generation INTEGER NOT NULL, ended_at INTEGER,
         announced INTEGER NOT NULL DEFAULT 0
       ) WITHOUT ROWID`,
    );
  }

  /**
   * A new session at sign-in, at the start of its line; refused (null) once the account is deleted, for
   * a sign-in that found the user just before the deletion took the row.
   */
  async open(sessionId: string, now = Date.now()): Promise<{ createdAt: number; expiresAt: number } | null> {
    if (isErased(this.ctx.storage.sql)) return null;
    const expiresAt = now + SESSION_TTL_MS;
    this.ctx.storage.sql.exec(
      "INSERT INTO sessions (id, created_at, expires_at, last_used_at, generation) VALUES (?, ?, ?, ?, 0)",
      sessionId,
      now,
      expiresAt,
      now,
    );
    await this.scheduleAlarm(now);
    return { createdAt: now, expiresAt };
  }

  /**
   * Moves the session to the token after `generation`, when that is its current one and it is still
   * usable. A token of an earlier number ends the session (RFC 9700 §4.14.2): of two refreshes with
   * the same token, even at once, one rotates and the other ends it, since the object takes one at a time.
   */
  async rotate(sessionId: string, generation: number, now = Date.now()): Promise<Rotation> {
    const row = this.row(sessionId);
    if (!row || row.generation < generation) return { kind: "refused" };
    if (row.generation > generation) {
      await this.end(sessionId, now);
      return { kind: "reused" };
    }
    if (endOf(row) <= now) return { kind: "refused" };
    this.ctx.storage.sql.exec(
      "UPDATE sessions SET generation = generation + 1, last_used_at = ? WHERE id = ?",
      now,
      sessionId,
    );
    await this.scheduleAlarm(now);
    return { kind: "rotated", createdAt: row.created_at };
  }

  /**
   * Ends one session (sign-out, a reused token); ending an ended or unknown one does nothing more.
   * `written`: whether D1 has it now (if not, the alarm writes it shortly).
   */
  async end(sessionId: string, now = Date.now()): Promise<{ written: boolean }> {
    this.ctx.storage.sql.exec("UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL", now, sessionId);
    return { written: await this.announceEnded(now) };
  }

  /**
   * Ends every session not yet past its absolute end (the account's deletion), and writes each to D1
   * again whether or not it was before (the rows are idempotent), so a deletion run again after any
   * failure leaves D1 with all of them. `written`: whether D1 has them now.
   */
  async endAll(now = Date.now()): Promise<{ written: boolean }> {
    this.ctx.storage.sql.exec(
      "UPDATE sessions SET ended_at = coalesce(ended_at, ?), announced = 0 WHERE expires_at > ?",
      now,
      now,
    );
    return { written: await this.announceEnded(now) };
  }

  /** Every session kept, oldest first (the account's data export). */
  list(): ExportedSession[] {
    return this.ctx.storage.sql
      .exec<SessionRow>("SELECT * FROM sessions ORDER BY created_at, id")
      .toArray()
      .map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
        revokedAt: row.ended_at,
      }));
  }

  /**
   * The account's deletion, after endAll and the user row: the sessions go, and a mark refuses a
   * sign-in still on its way for a week, after which the alarm deletes the storage.
   */
  async erase(now = Date.now()): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec("DELETE FROM sessions");
      markErased(this.ctx.storage.sql, now);
    });
    await this.ctx.storage.setAlarm(now + ERASED_RETENTION_MS);
  }

  /** Writes D1 what it has not got yet, and deletes the sessions ended long enough ago. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    if (isErased(this.ctx.storage.sql)) {
      await this.ctx.storage.deleteAll();
      this.createTables();
      return;
    }
    // A row past its retention is past its absolute end too (it cannot end later than 30 days after
    // its start), so even one D1 has not got yet can go: no token of it is taken any more.
    for (const row of this.ctx.storage.sql.exec<SessionRow>("SELECT * FROM sessions").toArray())
      if (endOf(row) + ENDED_SESSION_RETENTION_MS <= now)
        this.ctx.storage.sql.exec("DELETE FROM sessions WHERE id = ?", row.id);
    // A failure sets the next try itself (throwing would only make the runtime retry the whole alarm).
    await this.announceEnded(now);
  }

  private row(sessionId: string): SessionRow | null {
    return this.ctx.storage.sql.exec<SessionRow>("SELECT * FROM sessions WHERE id = ?", sessionId).toArray()[0] ?? null;
  }

  /**
   * Writes every ended session D1 has not got into `ended_sessions`, in one batch, and marks them
   * written; false when D1 failed, which leaves them unwritten with the alarm set to try again.
   */
  private async announceEnded(now: number): Promise<boolean> {
    const pending = this.ctx.storage.sql
      .exec<SessionRow>("SELECT * FROM sessions WHERE ended_at IS NOT NULL AND announced = 0")
      .toArray();
    let written = true;
    if (pending.length > 0) {
      const db = meteredD1(this.env.DB);
      // A statement of up to 50 sessions (100 bound values, D1's most): a user with many sessions is
      // a few statements in one batch, never one statement per session.
      const statements: D1PreparedStatement[] = [];
      for (let at = 0; at < pending.length; at += ROWS_PER_STATEMENT) {
        const chunk = pending.slice(at, at + ROWS_PER_STATEMENT);
        statements.push(
          db
            .prepare(
              `INSERT INTO ended_sessions (session_id, expires_at) VALUES ${chunk.map(() => "(?, ?)").join(", ")}
               ON CONFLICT (session_id) DO NOTHING`,
            )
            .bind(...chunk.flatMap((row) => [row.id, row.expires_at])),
        );
      }
      try {
        await meteredTask("ended sessions", { object: "UserSessions" }, () => db.batch(statements));
        for (const row of pending) this.ctx.storage.sql.exec("UPDATE sessions SET announced = 1 WHERE id = ?", row.id);
      } catch (error) {
        console.error("user sessions: D1 did not take the ended sessions; the alarm tries again", error);
        written = false;
      }
    }
    await this.scheduleAlarm(now);
    return written;
  }

  /**
   * The alarm goes off at the first thing due: a retry of ended sessions D1 has not got, or the first
   * row's deletion (its session's end plus the retention). An object with no row left deletes its
   * storage.
   */
  private async scheduleAlarm(now: number): Promise<void> {
    // An erased object's alarm is already set, to delete its storage.
    if (isErased(this.ctx.storage.sql)) return;
    const rows = this.ctx.storage.sql.exec<SessionRow>("SELECT * FROM sessions").toArray();
    if (rows.length === 0) {
      await this.ctx.storage.deleteAll();
      this.createTables();
      return;
    }
    const retry = rows.some((row) => row.ended_at !== null && row.announced === 0) ? now + ANNOUNCE_RETRY_MS : Infinity;
    const due = Math.min(retry, ...rows.map((row) => endOf(row) + ENDED_SESSION_RETENTION_MS));
    if ((await this.ctx.storage.getAlarm()) !== due) await this.ctx.storage.setAlarm(due);
  }
}
