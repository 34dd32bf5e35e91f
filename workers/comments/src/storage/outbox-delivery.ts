// The sending side of the e-mail outbox (rows are written by ./outbox.ts with the action that causes
// them): pick the rows due, record each attempt's outcome, list them for ModMe.

import type { OutboxItem } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { emailOutbox } from "@unbiased/worker-shared/db/schema/index";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { iso, isoOrNull } from "./time.ts";

/** Attempts before a message is marked failed (the sender runs every few minutes, which spaces the retries). */
export const OUTBOX_MAX_ATTEMPTS = 5;

export type OutboxRow = typeof emailOutbox.$inferSelect;

export function dueOutboxRows(db: Database, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lt(emailOutbox.attempts, OUTBOX_MAX_ATTEMPTS)))
    .orderBy(emailOutbox.createdAt)
    .limit(limit);
}

export async function markOutboxSent(db: Database, id: string, now = Date.now()): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: now, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** One more failed attempt; after the last one the row is failed for good. */
export async function markOutboxAttemptFailed(db: Database, id: string, error: string): Promise<"pending" | "failed"> {
  const attempts = 1 + (await attemptsOf(db, id));
  const status = attempts >= OUTBOX_MAX_ATTEMPTS ? "failed" : "pending";
  await db
    .update(emailOutbox)
    .set({ status, attempts, lastError: error.slice(0, 500) })
    .where(eq(emailOutbox.id, id));
  return status;
}

async function attemptsOf(db: Database, id: string): Promise<number> {
  const [row] = await db.select({ attempts: emailOutbox.attempts }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row?.attempts ?? 0;
}

export async function listOutbox(db: Database, limit = 100): Promise<OutboxItem[]> {
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    toEmail: r.toEmail,
    subject: r.subject,
    body: r.body,
    template: r.template,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: iso(r.createdAt),
    sentAt: isoOrNull(r.sentAt),
  }));
}
