// Users and sessions as the gateway writes them (sign-in). Other workers only read them.

import type { OwnBan } from "@unbiased/worker-shared/contracts/account";
import type { PublicUser, Role } from "@unbiased/worker-shared/contracts/auth";
import type { Database } from "@unbiased/worker-shared/db/client";
import { bans, users } from "@unbiased/worker-shared/db/schema/index";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";

export function toPublicUser(row: {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  role: Role;
  createdAt: number;
}): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    role: row.role,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Creates the user on first sight (by e-mail, case-insensitive) or updates name and role; returns the row. */
export async function upsertUserByEmail(
  db: Database,
  input: { email: string; name: string; role: Role; picture?: string | null },
) {
  const now = Date.now();
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${input.email})`);
  if (existing) {
    const [updated] = await db
      .update(users)
      // An indexed column is set only when it changes: SQLite rewrites an index entry for every column
      // an UPDATE sets, changed or not (a D1 row written each).
      .set({ name: input.name, lastLoginAt: now, ...(existing.role === input.role ? {} : { role: input.role }) })
      .where(eq(users.id, existing.id))
      .returning();
    if (!updated) throw new Error("D1 returned no row for the updated user");
    return updated;
  }
  return createUser(db, {
    email: input.email,
    name: input.name,
    role: input.role,
    picture: input.picture ?? null,
    createdAt: now,
    lastLoginAt: now,
  });
}

/**
 * Google sign-in: finds the user by Google's subject id, else links an existing account with the same
 * e-mail, else creates one. Roles are kept (a moderator stays a moderator); addresses in the
 * configured bootstrap list become admins.
 */
export async function upsertGoogleUser(
  db: Database,
  identity: { sub: string; email: string; name: string; picture: string | null },
  adminEmails: string[],
) {
  const now = Date.now();
  const bootstrapAdmin = adminEmails.includes(identity.email.toLowerCase());
  const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub));
  const [byEmail] = bySub
    ? []
    : await db.select().from(users).where(sql`lower(${users.email}) = lower(${identity.email})`);
  const existing = bySub ?? byEmail;
  if (existing) {
    const [updated] = await db
      .update(users)
      // The Google subject and the e-mail are indexed: set only when they change (see upsertUserByEmail).
      .set({
        ...(existing.googleSub === identity.sub ? {} : { googleSub: identity.sub }),
        ...(existing.email === identity.email ? {} : { email: identity.email }),
        name: identity.name,
        picture: identity.picture,
        lastLoginAt: now,
        ...(bootstrapAdmin && existing.role !== "admin" ? { role: "admin" as const } : {}),
      })
      .where(eq(users.id, existing.id))
      .returning();
    if (!updated) throw new Error("D1 returned no row for the updated user");
    return updated;
  }
  return createUser(db, {
    googleSub: identity.sub,
    email: identity.email,
    name: identity.name,
    picture: identity.picture,
    role: bootstrapAdmin ? "admin" : "user",
    createdAt: now,
    lastLoginAt: now,
  });
}

/**
 * A new user. Their `user_reputation` row comes with their first reputation change (an upsert), not
 * here: most readers never comment, and every reader of the table takes a missing row as a score of 0
 * (ADR 022 step 27: 95 B less a new account).
 */
async function createUser(db: Database, values: Omit<typeof users.$inferInsert, "id">) {
  const [created] = await db
    .insert(users)
    .values({ ...values, id: crypto.randomUUID() })
    .returning();
  if (!created) throw new Error("D1 returned no row for the inserted user");
  return created;
}

export async function findUser(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The user's active ban as they may see it (a permanent one before a temporary one); none: not banned. */
export async function ownBan(db: Database, userId: string, now = Date.now()): Promise<OwnBan> {
  const rows = await db
    .select({ banType: bans.banType, expiresAt: bans.expiresAt })
    .from(bans)
    .where(and(eq(bans.userId, userId), isNull(bans.liftedAt), or(isNull(bans.expiresAt), gt(bans.expiresAt, now))))
    .orderBy(desc(bans.expiresAt));
  const ban = rows.find((row) => row.banType === "permanent") ?? rows[0];
  if (!ban) return { banned: false, banType: null, expiresAt: null };
  return {
    banned: true,
    banType: ban.banType,
    expiresAt: ban.expiresAt === null ? null : new Date(ban.expiresAt).toISOString(),
  };
}
