// The daily digest's opt-in (docs/decisions/026-inbox.md): a row per reader who asked for it, and the
// time of their last digest, which keeps it to one a day.
import type { Database } from "@unbiased/worker-shared/db/client";
import { inJsonList } from "@unbiased/worker-shared/db/json-list";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { digestSubscriptions, users } from "@unbiased/worker-shared/db/schema/index";
import { eq } from "drizzle-orm";

export async function digestSubscription(db: Database, userId: string) {
  const [row] = await db.select().from(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
  return row ?? null;
}

/** Subscribes (keeping an existing row's times) or unsubscribes; both idempotent. */
export async function setDigestSubscription(db: Database, userId: string, subscribed: boolean, now = Date.now()) {
  if (subscribed)
    await db.insert(digestSubscriptions).values({ userId, createdAt: now, lastSentAt: null }).onConflictDoNothing();
  else await db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
}

export interface DueDigest {
  userId: string;
  email: string;
  name: string;
  lastSentAt: number | null;
}

/**
 * Subscribers whose last digest is older than `sentBefore` (or who never had one), after `afterUserId`,
 * in id order: the cron's list, ids and times only.
 */
export async function dueSubscribers(db: Database, sentBefore: number, afterUserId: string, limit: number) {
  const { results } = await raw(
    db,
    `SELECT user_id AS userId, last_sent_at AS lastSentAt FROM digest_subscriptions
     WHERE (last_sent_at IS NULL OR last_sent_at < ?) AND user_id > ?
     ORDER BY user_id LIMIT ?`,
    sentBefore,
    afterUserId,
    limit,
  ).all<{ userId: string; lastSentAt: number | null }>();
  return results;
}

/**
 * The subscribers of a queued list who are still subscribed, with their address and name now and the
 * last digest time the cron read (the claim moves it on only from there). The ids go as one JSON
 * parameter (inJsonList): a query takes at most 100 bound parameters.
 */
export async function dueDigests(
  db: Database,
  due: readonly { userId: string; lastSentAt: number | null }[],
): Promise<DueDigest[]> {
  if (due.length === 0) return [];
  const rows = await db
    .select({ userId: digestSubscriptions.userId, email: users.email, name: users.name })
    .from(digestSubscriptions)
    .innerJoin(users, eq(users.id, digestSubscriptions.userId))
    .where(
      inJsonList(
        digestSubscriptions.userId,
        due.map((d) => d.userId),
      ),
    );
  const readAt = new Map(due.map((d) => [d.userId, d.lastSentAt]));
  return rows.map((row) => ({ ...row, lastSentAt: readAt.get(row.userId) ?? null }));
}

/**
 * Records the digest as sent and puts its e-mail in the outbox, in one batch; the e-mail is written
 * only when this run moved `last_sent_at` on from what it read, so two runs at once send one.
 */
export async function claimAndQueueDigest(
  db: Database,
  due: DueDigest,
  email: { subject: string; body: string; headers: Record<string, string> },
  now = Date.now(),
): Promise<boolean> {
  const [claim] = await db.$client.batch([
    raw(
      db,
      "UPDATE digest_subscriptions SET last_sent_at = ? WHERE user_id = ? AND last_sent_at IS ?",
      now,
      due.userId,
      due.lastSentAt,
    ),
    raw(
      db,
      `INSERT INTO email_outbox (id, to_email, subject, body, template, headers, status, attempts, created_at)
       SELECT ?, ?, ?, ?, 'inbox-digest', ?, 'pending', 0, ?
       WHERE EXISTS (SELECT 1 FROM digest_subscriptions WHERE user_id = ? AND last_sent_at = ?)`,
      crypto.randomUUID(),
      due.email,
      email.subject,
      email.body,
      JSON.stringify(email.headers),
      now,
      due.userId,
      now,
    ),
  ]);
  return (claim?.meta.changes ?? 0) > 0;
}
