// The comment-events consumer's decision on a new comment (spec §4/§9, ADR 011), after Discourse's
// trust levels: Established and Trusted authors (and staff) are approved at once unless a spam signal holds the
// comment; New and Restricted authors' comments wait for a moderator in ModMe.

import { COMMENT_STATUS_REASONS } from "@unbiased/worker-shared/contracts/comments";
import { MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { ApiError } from "@unbiased/worker-shared/http/errors";
import { logModeration } from "@unbiased/worker-shared/moderation-log";
import { approveComment } from "../storage/comment-status.ts";
import { withText } from "../storage/comment-texts.ts";
import { findComment, notePendingReason } from "../storage/comments.ts";
import { reputationScore } from "../storage/reputation.ts";
import { authorIsBanned, authorIsStaff, identicalRecentComments } from "../storage/spam-signals.ts";
import { countLinks, type ModerationPolicy } from "./policy.ts";

export type AutoModerationOutcome =
  | { decision: "approved" }
  | { decision: "held"; reason: string }
  | { decision: "awaiting-review"; reason: string }
  | { decision: "skipped" };

export async function autoModerate(
  env: Env,
  db: Database,
  policy: ModerationPolicy,
  commentId: string,
): Promise<AutoModerationOutcome> {
  const found = await findComment(db, commentId);
  // Gone, or someone (the author deleting it, a moderator) acted before the consumer ran: nothing to decide.
  if (found?.status !== "pending" || found.statusReason !== null) return { decision: "skipped" };
  const comment = await withText(env, found);

  const spam = await spamSignal(env, db, policy, comment);
  if (spam) {
    if (await notePendingReason(env, db, comment, spam)) {
      await logModeration(db, {
        actorId: null,
        action: MODERATION_ACTIONS.commentHold,
        targetType: "comment",
        targetId: comment.id,
        reason: spam,
        details: { articleId: comment.articleId, authorId: comment.userId },
      });
    }
    return { decision: "held", reason: spam };
  }

  // Moderators and admins are trusted like Trusted users (they review everyone else's comments).
  const trusted =
    (await authorIsStaff(db, comment.userId)) ||
    (await reputationScore(db, comment.userId)) >= policy.autoApproveMinReputation;
  if (!trusted) {
    await notePendingReason(env, db, comment, COMMENT_STATUS_REASONS.awaitingReview);
    return { decision: "awaiting-review", reason: COMMENT_STATUS_REASONS.awaitingReview };
  }

  try {
    await approveComment(env, db, { commentId: comment.id, actorId: null });
  } catch (error) {
    // The thread holds it no longer pending (an approval of a delivery before, whose copy D1 has yet
    // to take, or a moderator's decision): nothing to decide, as when D1 says so.
    if (error instanceof ApiError && error.status === 409) return { decision: "skipped" };
    throw error;
  }
  return { decision: "approved" };
}

async function spamSignal(
  env: Env,
  db: Database,
  policy: ModerationPolicy,
  comment: { id: string; userId: string; content: string; createdAt: number },
): Promise<string | null> {
  if (await authorIsBanned(db, comment.userId)) return COMMENT_STATUS_REASONS.heldBannedAuthor;
  if (countLinks(comment.content) > policy.maxLinks) return COMMENT_STATUS_REASONS.heldManyLinks;
  if ((await identicalRecentComments(env, comment, policy.duplicateWindowMs)) > 0) {
    return COMMENT_STATUS_REASONS.heldDuplicate;
  }
  return null;
}
