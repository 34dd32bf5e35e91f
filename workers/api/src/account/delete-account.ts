// DELETE /api/auth/me after its checks (ADR 017). The order is what makes the counts exact:
//  0. an active ban is kept under the account's identity digests (refused, with nothing changed, when
//     the key for them is not configured), so the ban outlives the account;
//  1. every session is ended (its UserSessions object writes each to D1's ended_sessions, which every
//     worker's sign-in check reads): no new vote, comment or report of the user can start;
//  2. the votes worker takes the user's votes out of each article's object (the authoritative counts),
//     finding the articles from the user's vote limiter and the D1 copy, refusing any vote that was
//     already on its way, marks them erased so that their vote events still on the queue write nothing
//     when they land (ADR 022), and removes the user's rows of the copy;
//  3. the comments worker takes the user's comment votes out of the comments' counts and their authors'
//     reputation, removes or keeps their comments, and removes their reports, reputation and bans;
//  4. the reader's saved articles and inbox go (each object refuses late additions for a week, then
//     forgets itself; inbox entries not yet sent go with the user's row, by its foreign key);
//  5. the gateway deletes the user's remaining rows and the user, then their sessions' object's storage.
// Every step can run again, so a deletion stopped half-way (a Worker or D1 failed) is finished by the
// next attempt after a new sign-in.

import type { AccountDeletionResult, CommentChoice } from "@unbiased/worker-shared/contracts/account";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ApiError } from "@unbiased/worker-shared/http/errors";
import { logLine } from "@unbiased/worker-shared/http/trace";
import { commentsService, votesService } from "../services.ts";
import { deleteAccountRows } from "../storage/account-deletion.ts";
import { inboxOf } from "../storage/inbox.ts";
import { savedArticlesOf } from "../storage/saved-articles.ts";
import { endEverySession, userSessions } from "../storage/sessions.ts";

/** Seconds a client waits before trying again when the vote events had not landed in time. */
const RETRY_AFTER_SECONDS = 60;

export async function deleteAccount(env: Env, userId: string, comments: CommentChoice): Promise<AccountDeletionResult> {
  const db = createDb(env.DB);
  const bans = await commentsService(env).carryOverBans(userId);
  if (!bans.kept) throw new ApiError(503, bans.reason, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  await endEverySession(env, db, userId);
  const votes = await votesService(env).eraseUser(userId);
  const erased = await commentsService(env).eraseUser(userId, comments);
  await Promise.all([savedArticlesOf(env, userId).erase(), inboxOf(env, userId).erase()]);
  await deleteAccountRows(db, userId);
  // The account is gone now, and every session ended (step 1): should the object fail to forget the
  // sessions, the deletion is still done (its tokens are refused everywhere), and the object's own
  // alarm deletes them 30 days after they ended.
  await userSessions(env, userId)
    .erase()
    .catch((error: unknown) =>
      logLine("error", { msg: "account deletion: sessions object not erased", error: String(error) }),
    );
  return {
    deleted: true,
    comments,
    articleVotesRemoved: votes.votesRemoved,
    commentVotesRemoved: erased.commentVotesRemoved,
    commentsRemoved: erased.commentsRemoved,
    commentsKept: erased.commentsKept,
  };
}
