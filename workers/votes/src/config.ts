// The votes worker's two settings, each with its shared default: the per-user vote limit
// (limits/config.ts) and how long tracking rows are kept (contracts/votes.ts, stated on the privacy page).
import { TRACKING_RETENTION_DAYS } from "@unbiased/worker-shared/contracts/votes";
import { type LimitRule, RATE_LIMITS } from "@unbiased/worker-shared/limits/config";

/** VOTE_RATE_LIMIT = "<votes>/<seconds>" (e.g. "100/3600"); empty or malformed = the shared default. */
export function voteLimitRule(env: Pick<Env, "VOTE_RATE_LIMIT">): LimitRule {
  const match = env.VOTE_RATE_LIMIT?.trim().match(/^(\d+)\/(\d+)$/);
  if (!match) return RATE_LIMITS.votes;
  const limit = Number(match[1]);
  const seconds = Number(match[2]);
  return limit > 0 && seconds > 0 ? { limit, windowMs: seconds * 1000 } : RATE_LIMITS.votes;
}

export function retentionDays(env: Pick<Env, "TRACKING_RETENTION_DAYS">): number {
  const days = Number(env.TRACKING_RETENTION_DAYS?.trim() || Number.NaN);
  return Number.isFinite(days) && days > 0 ? days : TRACKING_RETENTION_DAYS;
}
