// The gateway's daily cron: sessions that ended more than ENDED_SESSION_RETENTION_DAYS ago are deleted,
// with the hashes of their rotated refresh tokens, and so are rate-limit windows that have ended (one
// per client address and action otherwise stays for ever), so none of these tables grows for ever.
// The windows are found by reading the table (no index on their end: a daily read of a day's windows
// costs less than an index entry written with every new window, ADR 022).
import { ENDED_SESSION_RETENTION_DAYS } from "@unbiased/worker-shared/contracts/auth";
import { createDb } from "@unbiased/worker-shared/db/client";
import { purgeEndedWindows } from "@unbiased/worker-shared/limits/rate-limit";
import { DAY_MS, purgeEndedSessions } from "../storage/sessions.ts";

export async function purgeOldSessions(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  return purgeEndedSessions(createDb(env.DB), now - ENDED_SESSION_RETENTION_DAYS * DAY_MS);
}

export async function purgeEndedLimitWindows(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  return purgeEndedWindows(createDb(env.DB), now);
}
