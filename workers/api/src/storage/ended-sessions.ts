// D1's list of sessions that ended early (ADR 022), which every worker's sign-in check reads: a row is
// needed only until its session's absolute end, after which every token of it is refused by its own
// claims, so the gateway's daily cron deletes it then.
import type { Database } from "@unbiased/worker-shared/db/client";
import { deleteInChunks } from "@unbiased/worker-shared/db/delete-in-chunks";
import { endedSessions } from "@unbiased/worker-shared/db/schema/index";
import { lt } from "drizzle-orm";

export const purgeEndedSessionList = (db: Database, now = Date.now()): Promise<number> =>
  deleteInChunks(db, endedSessions, lt(endedSessions.expiresAt, now), { key: endedSessions.sessionId });
