// The gateway's daily cron: sessions that ended more than ENDED_SESSION_RETENTION_DAYS ago are deleted,
// with the hashes of their rotated refresh tokens, so neither table grows for ever.
import { ENDED_SESSION_RETENTION_DAYS } from "@unbiased/worker-shared/contracts/auth";
import { createDb } from "@unbiased/worker-shared/db/client";
import { DAY_MS, purgeEndedSessions } from "../storage/sessions.ts";

export async function purgeOldSessions(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  return purgeEndedSessions(createDb(env.DB), now - ENDED_SESSION_RETENTION_DAYS * DAY_MS);
}
