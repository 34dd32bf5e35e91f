// The append-only moderation log (docs/architecture.md § Conventions, 6): every worker writes it through here.
import type { ModerationAction } from "./contracts/moderation.ts";
import type { Database } from "./db/client.ts";
import { moderationLog } from "./db/schema/index.ts";

export interface ModerationEntry {
  actorId: string | null;
  action: ModerationAction;
  targetType: "article" | "comment" | "user" | "report" | "ban";
  targetId: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export function moderationLogInsert(db: Database, entry: ModerationEntry) {
  return db.insert(moderationLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    createdAt: Date.now(),
  });
}

export async function logModeration(db: Database, entry: ModerationEntry): Promise<void> {
  await moderationLogInsert(db, entry);
}
