// Per-user rate limits of the comment writes (workers/shared/src/limits/config.ts), each with its own
// message: 429 with Retry-After once a user is over the limit. (Comment votes are counted in the voter's
// UserCommentVotes object instead: durable/user-comment-votes.ts.)

import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { tooManyRequests } from "@unbiased/worker-shared/http/errors";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { hit, userLimitKey } from "@unbiased/worker-shared/limits/rate-limit";

const LIMITS = {
  comment: { rule: RATE_LIMITS.comments, message: COMMENT_MESSAGES.tooManyComments },
  reply: { rule: RATE_LIMITS.replies, message: COMMENT_MESSAGES.tooManyReplies },
  report: { rule: RATE_LIMITS.reports, message: COMMENT_MESSAGES.tooManyReports },
} as const;

export async function enforceLimit(db: Database, kind: keyof typeof LIMITS, userId: string): Promise<void> {
  const { rule, message } = LIMITS[kind];
  const now = Date.now();
  const state = await hit(db, userLimitKey(`comment-${kind}`, userId), rule, now);
  if (state.count > rule.limit) throw tooManyRequests((state.resetAt - now) / 1000, message);
}
