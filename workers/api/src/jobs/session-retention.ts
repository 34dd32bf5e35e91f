// The gateway's daily cron: sessions kept in D1 that ended more than ENDED_SESSION_RETENTION_DAYS ago
// are deleted, with the hashes of their rotated refresh tokens, and so are the rows of ended sessions
// past their absolute end, and so are rate-limit windows that have ended (one per client address and
// action otherwise stays for ever), so none of these tables grows for ever.
// The windows are found by reading the table (no index on their end: a daily read of a day's windows
// costs less than an index entry written with every new window, ADR 022).
import { ENDED_SESSION_RETENTION_MS } from "@unbiased/worker-shared/contracts/auth";
import { createDb } from "@unbiased/worker-shared/db/client";
import { purgeEndedWindows } from "@unbiased/worker-shared/limits/rate-limit";
import { purgeEndedSessions } from "../storage/d1-sessions.ts";
import { purgeEndedSessionList } from "../storage/ended-sessions.ts";

/**
 * Sessions kept in D1 before the UserSessions objects (each object deletes its own), and the listed
 * ended sessions past their absolute end.
 */
export async function purgeOldSessions(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  const db = createDb(env.DB);
  const legacy = await purgeEndedSessions(db, now - ENDED_SESSION_RETENTION_MS);
  return legacy + (await purgeEndedSessionList(db, now));
}

export async function purgeEndedLimitWindows(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  return purgeEndedWindows(createDb(env.DB), now);
}
