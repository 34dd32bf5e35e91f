// The sending side of the e-mail outbox (rows are written by ./outbox.ts with the action that causes
// them): pick the rows due, record each attempt's outcome, list them for ModMe.

import type { OutboxItem } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { emailOutbox } from "@unbiased/worker-shared/db/schema/index";
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { iso, isoOrNull } from "./time.ts";

/** Attempts before a message is marked failed (the sender runs every few minutes, which spaces the retries). */
export const OUTBOX_MAX_ATTEMPTS = 5;

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * How long a sender holds the messages it took. Past it, a message another sender may take again:
 * its sender died, or its attempt failed, which spaces the retries of a failing e-mail API.
 */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/**
 * Takes up to `limit` due messages, oldest first, for this sender: one UPDATE … RETURNING sets their
 * lease, and D1 runs one statement at a time, so two senders at once never take the same message
 * (which would send it twice).
 */
export async function claimDueOutboxRows(db: Database, limit: number, now = Date.now()): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lt(emailOutbox.attempts, OUTBOX_MAX_ATTEMPTS),
        or(isNull(emailOutbox.leaseUntil), lt(emailOutbox.leaseUntil, now)),
      ),
    )
    .orderBy(emailOutbox.createdAt)
    .limit(limit);
  const claimed = await db
    .update(emailOutbox)
    .set({ leaseUntil: now + OUTBOX_LEASE_MS })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt - b.createdAt);
}

export async function markOutboxSent(db: Database, id: string, now = Date.now()): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: "sent",
      sentAt: now,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: null,
      leaseUntil: null,
    })
    .where(eq(emailOutbox.id, id));
}

/**
 * One more failed attempt; after the last one the row is failed for good. The lease stays: the next
 * attempt waits for it to end.
 */
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
