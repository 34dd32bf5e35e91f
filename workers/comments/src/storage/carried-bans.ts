// Bans that outlive their account (ADR 017). When a banned reader deletes their account, each active
// ban is kept as keyed digests of the identities the account signed in with (moderation/identity-
// digest.ts), with the ban's kind, end and reason, until the ban ends and at most CARRIED_BAN_MAX_DAYS.
// A sign-in whose identity matches gets the ban back on its account before the sign-in is answered;
// ModMe lists what is kept and can lift it. The key is a Worker secret (BAN_IDENTITY_KEY): without it
// nothing can be kept, so a banned account's deletion is refused.

import { ACCOUNT_MESSAGES, type BanCarryOver, CARRIED_BAN_MAX_DAYS } from "@unbiased/worker-shared/contracts/account";
import {
  type CarriedBanRecord,
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
} from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { bans, carriedBans, users } from "@unbiased/worker-shared/db/schema/index";
import { ApiError, notFound } from "@unbiased/worker-shared/http/errors";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { identityDigests } from "../moderation/identity-digest.ts";
import { activeBanWhere } from "./bans.ts";
import { iso, isoOrNull } from "./time.ts";

const DAY_MS = 86_400_000;

/** The secret the digests are keyed with; absent when the worker was deployed without it. */
export type BanIdentityKey = string | undefined;

async function identityOf(db: Database, userId: string) {
  const [row] = await db
    .select({ googleSub: users.googleSub, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The statements that keep the user's active bans under their identities' digests (insert or replace:
 * carrying a ban twice writes the same rows), for the caller's batch — the account deletion's, which
 * deletes the bans in the same batch. None when the user is not banned. Throws 503 when they are and
 * the key is missing: a deletion must not erase a ban it cannot keep. `logged`: with the log entry
 * (the deletion's first step writes it; the erasure's batch, which carries again only what a ban
 * applied meanwhile adds, does not write it twice).
 */
export async function carryOverStatements(
  db: Database,
  key: BanIdentityKey,
  userId: string,
  { logged = true, now = Date.now() }: { logged?: boolean; now?: number } = {},
) {
  const active = await db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, userId), activeBanWhere(now)));
  if (active.length === 0) return [];
  if (!key) throw new ApiError(503, ACCOUNT_MESSAGES.banKeyMissing);
  const identity = await identityOf(db, userId);
  if (!identity) return [];
  const digests = await identityDigests(key, identity);
  const latestKeep = now + CARRIED_BAN_MAX_DAYS * DAY_MS;
  return active.flatMap((ban) => [
    ...digests.map((digest) =>
      db
        .insert(carriedBans)
        .values({
          id: `${ban.id}:${digest.kind}`,
          sourceBanId: ban.id,
          identityKind: digest.kind,
          identityHash: digest.hash,
          banType: ban.banType,
          reason: ban.reason,
          bannedAt: ban.bannedAt,
          expiresAt: ban.expiresAt,
          keepUntil: Math.min(ban.expiresAt ?? latestKeep, latestKeep),
          carriedAt: now,
        })
        .onConflictDoNothing(),
    ),
    ...(logged
      ? [
          moderationLogInsert(db, {
            actorId: null,
            action: MODERATION_ACTIONS.banCarried,
            targetType: "user",
            targetId: userId,
            reason: ban.reason,
            details: { banId: ban.id, identities: digests.map((d) => d.kind) },
          }),
        ]
      : []),
  ]);
}

/**
 * Keeps the user's active bans now (the deletion's first step, before anything else is changed). Over
 * RPC an error loses its status, so a missing key is an answer the gateway turns into its 503.
 */
export async function carryOverBans(db: Database, key: BanIdentityKey, userId: string): Promise<BanCarryOver> {
  try {
    await runBatch(db, await carryOverStatements(db, key, userId));
    return { kept: true };
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) return { kept: false, reason: err.message };
    throw err;
  }
}

/** A kept ban still in force: not past its end, not past the time it is kept. */
const stillKept = (now: number) =>
  and(gt(carriedBans.keepUntil, now), or(isNull(carriedBans.expiresAt), gt(carriedBans.expiresAt, now)));

/**
 * At sign-in: when the account's identity matches a kept ban, the ban is put back on the account (the
 * most severe one, if several match: permanent first, then the latest end) and the kept rows of every
 * matching ban go, since the account now holds it. Nothing happens for an account already banned.
 * Returns whether a ban was restored.
 */
export async function restoreCarriedBan(
  db: Database,
  key: BanIdentityKey,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  if (!key) {
    // Nothing can have been kept without the key; the sign-in goes on, and operators hear of it.
    console.error("BAN_IDENTITY_KEY is not set: sign-ins are not checked against bans of deleted accounts");
    return false;
  }
  const identity = await identityOf(db, userId);
  if (!identity) return false;
  const digests = await identityDigests(key, identity);
  const matches = await db
    .select()
    .from(carriedBans)
    .where(
      and(
        inArray(
          carriedBans.identityHash,
          digests.map((d) => d.hash),
        ),
        stillKept(now),
      ),
    )
    .orderBy(desc(carriedBans.expiresAt));
  // A permanent ban first; else the temporary one that ends last (the order above).
  const chosen = matches.find((m) => m.banType === "permanent") ?? matches[0];
  if (!chosen) return false;
  const [alreadyBanned] = await db
    .select({ id: bans.id })
    .from(bans)
    .where(and(eq(bans.userId, userId), activeBanWhere(now)));
  const sourceBanIds = [...new Set(matches.map((m) => m.sourceBanId))];
  const forget = db.delete(carriedBans).where(inArray(carriedBans.sourceBanId, sourceBanIds));
  if (alreadyBanned) {
    await db.batch([forget]);
    return false;
  }
  const banId = crypto.randomUUID();
  await db.batch([
    db.insert(bans).values({
      id: banId,
      userId,
      banType: chosen.banType,
      reason: chosen.reason,
      bannedBy: null,
      bannedAt: now,
      expiresAt: chosen.expiresAt,
    }),
    moderationLogInsert(db, {
      actorId: null,
      action: MODERATION_ACTIONS.banRestored,
      targetType: "user",
      targetId: userId,
      reason: chosen.reason,
      details: { banId, carriedFrom: chosen.sourceBanId, identity: chosen.identityKind },
    }),
    forget,
  ]);
  return true;
}

/** ModMe: every ban kept from a deleted account and still in force, one entry per ban, newest first. */
export async function listCarriedBans(db: Database, now = Date.now()): Promise<CarriedBanRecord[]> {
  const rows = await db
    .select()
    .from(carriedBans)
    .where(stillKept(now))
    .orderBy(desc(carriedBans.carriedAt), asc(carriedBans.identityKind));
  const bySource = new Map<string, CarriedBanRecord>();
  for (const row of rows) {
    const known = bySource.get(row.sourceBanId);
    if (known) {
      known.identities.push(row.identityKind);
      continue;
    }
    bySource.set(row.sourceBanId, {
      id: row.sourceBanId,
      identities: [row.identityKind],
      ban_type: row.banType,
      reason: row.reason,
      banned_at: iso(row.bannedAt),
      expires_at: isoOrNull(row.expiresAt),
      keep_until: iso(row.keepUntil),
      carried_at: iso(row.carriedAt),
    });
  }
  return [...bySource.values()];
}

/** ModMe lifts a kept ban: its rows go, with a log entry. 404 when nothing is kept under that id. */
export async function liftCarriedBan(db: Database, sourceBanId: string, actorId: string): Promise<void> {
  const [kept] = await db
    .select({ reason: carriedBans.reason })
    .from(carriedBans)
    .where(eq(carriedBans.sourceBanId, sourceBanId));
  if (!kept) throw notFound(MODERATION_MESSAGES.carriedBanNotFound);
  await db.batch([
    db.delete(carriedBans).where(eq(carriedBans.sourceBanId, sourceBanId)),
    moderationLogInsert(db, {
      actorId,
      action: MODERATION_ACTIONS.carriedBanLift,
      targetType: "ban",
      targetId: sourceBanId,
      reason: kept.reason,
    }),
  ]);
}

/** The daily purge: kept bans whose time is up are forgotten. */
export async function purgeCarriedBans(db: Database, now = Date.now()): Promise<void> {
  await db.delete(carriedBans).where(lte(carriedBans.keepUntil, now));
}
