// Users and sessions as the gateway writes them (sign-in). Other workers only read them.
import { eq, sql } from "drizzle-orm";
import type { Database } from "@unbiased/worker-shared/db/client";
import { sessions, userReputation, users } from "@unbiased/worker-shared/db/schema/index";
import type { PublicUser, Role } from "@unbiased/worker-shared/contracts/auth";

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export function toPublicUser(row: { id: string; name: string; email: string; picture: string | null; role: Role; createdAt: number }): PublicUser {
  return { id: row.id, name: row.name, email: row.email, picture: row.picture, role: row.role, createdAt: new Date(row.createdAt).toISOString() };
}

/** Creates the user on first sight (by e-mail, case-insensitive) or updates name and role; returns the row. */
export async function upsertUserByEmail(db: Database, input: { email: string; name: string; role: Role; picture?: string | null }) {
  const now = Date.now();
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${input.email})`);
  if (existing) {
    const [updated] = await db
      .update(users)
      .set({ name: input.name, role: input.role, lastLoginAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    return updated!;
  }
  const id = crypto.randomUUID();
  const [created] = await db.batch([
    db.insert(users).values({ id, email: input.email, name: input.name, role: input.role, picture: input.picture ?? null, createdAt: now, lastLoginAt: now }).returning(),
    db.insert(userReputation).values({ userId: id, updatedAt: now }),
  ]);
  return created[0]!;
}

export async function openSession(db: Database, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db.insert(sessions).values({ id, userId, createdAt: now, expiresAt: now + SESSION_TTL_MS });
  return id;
}
