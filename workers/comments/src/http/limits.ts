// Per-user rate limits of the comment writes (workers/shared/src/limits/config.ts), each with its own
// message: 429 with Retry-After once a user is over the limit. Counted in the user's UserCommentVotes
// object, as their comment votes are (durable/user-comment-votes.ts; ADR 022 step 24): no D1 write.

import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import { tooManyRequests } from "@unbiased/worker-shared/http/errors";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import type { CommentWrite } from "../durable/user-comment-votes.ts";
import { userCommentVotes } from "../storage/objects.ts";

const LIMITS = {
  comment: { rule: RATE_LIMITS.comments, message: COMMENT_MESSAGES.tooManyComments },
  reply: { rule: RATE_LIMITS.replies, message: COMMENT_MESSAGES.tooManyReplies },
  report: { rule: RATE_LIMITS.reports, message: COMMENT_MESSAGES.tooManyReports },
} as const satisfies Record<CommentWrite, unknown>;

export async function enforceLimit(env: Env, kind: CommentWrite, userId: string): Promise<void> {
  const { rule, message } = LIMITS[kind];
  const limited = await userCommentVotes(env, userId).countWrite(kind, rule);
  if (limited) throw tooManyRequests(limited.retryAfterMs / 1000, message);
}
