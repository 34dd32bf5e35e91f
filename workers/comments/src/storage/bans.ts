// Bans (spec §3 "Ban", §4, §5 "Temporary ban"). A temporary ban carries its expiry time, so it ends
// on its own: every reader of "active" compares expires_at with now, and no job has to lift it.

import { type BanRecord, type BanType, MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { bans, users } from "@unbiased/worker-shared/db/schema/index";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { iso, isoOrNull } from "./time.ts";

const HOUR_MS = 3600_000;

/** A ban counts while it is not lifted and not past its expiry. */
export const activeBanWhere = (now: number) =>
  and(isNull(bans.liftedAt), or(isNull(bans.expiresAt), gt(bans.expiresAt, now)));

export async function listActiveBans(db: Database, now = Date.now()): Promise<BanRecord[]> {
  const rows = await db
    .select({ ban: bans, userName: users.name })
    .from(bans)
    .innerJoin(users, eq(users.id, bans.userId))
    .where(activeBanWhere(now))
    .orderBy(desc(bans.bannedAt));
  return rows.map(({ ban, userName }) => ({
    id: ban.id,
    user_id: ban.userId,
    user_name: userName,
    ban_type: ban.banType,
    banned_at: iso(ban.bannedAt),
    expires_at: isoOrNull(ban.expiresAt),
    reason: ban.reason,
  }));
}

export interface BanInput {
  userId: string;
  banType: BanType;
  /** Temporary bans only. */
  hours: number;
  reason: string | null;
  actorId: string;
  /** The comment whose rejection caused the ban, for the log. */
  commentId?: string;
}

/** The ban row and its log entry, as statements for the caller's batch (so a reject and its ban land together). */
export function banStatements(db: Database, input: BanInput, now = Date.now()) {
  const id = crypto.randomUUID();
  const expiresAt = input.banType === "temporary" ? now + input.hours * HOUR_MS : null;
  return {
    id,
    expiresAt,
    statements: [
      db.insert(bans).values({
        id,
        userId: input.userId,
        banType: input.banType,
        reason: input.reason,
        bannedBy: input.actorId,
        bannedAt: now,
        expiresAt,
      }),
      moderationLogInsert(db, {
        actorId: input.actorId,
        action: MODERATION_ACTIONS.ban,
        targetType: "user",
        targetId: input.userId,
        reason: input.reason,
        details: {
          banId: id,
          banType: input.banType,
          ...(input.banType === "temporary" ? { hours: input.hours } : {}),
          ...(input.commentId ? { commentId: input.commentId } : {}),
        },
      }),
    ] as const,
  };
}

/** Lifts every active ban of the user; false when there was none (the caller answers 404). */
export async function unbanUser(
  db: Database,
  input: { userId: string; actorId: string; reason?: string | null },
  now = Date.now(),
): Promise<boolean> {
  const active = await db
    .select({ id: bans.id })
    .from(bans)
    .where(and(eq(bans.userId, input.userId), activeBanWhere(now)));
  if (active.length === 0) return false;
  await db.batch([
    db
      .update(bans)
      .set({ liftedAt: now, liftedBy: input.actorId })
      .where(and(eq(bans.userId, input.userId), activeBanWhere(now))),
    moderationLogInsert(db, {
      actorId: input.actorId,
      action: MODERATION_ACTIONS.unban,
      targetType: "user",
      targetId: input.userId,
      reason: input.reason ?? null,
      details: { banIds: active.map((b) => b.id) },
    }),
  ]);
  return true;
}
