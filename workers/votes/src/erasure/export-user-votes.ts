// A user's votes for their data export (ADR 017, ADR 022): their current votes from their UserVotes
// object and their vote events from their shard of every retained day's VoteLog, oldest first.
import type { ExportedVote, ExportedVoteEvent } from "@unbiased/worker-shared/contracts/rpc";
import { userLogs } from "../storage/vote-log-days.ts";
import { userVotes } from "../votes/cast-vote.ts";

export async function exportUserVotes(
  env: Env,
  userId: string,
): Promise<{ current: ExportedVote[]; events: ExportedVoteEvent[] }> {
  const [current, perDay] = await Promise.all([
    userVotes(env, userId).all(),
    Promise.all(userLogs(env, userId).map((log) => log.eventsOf(userId))),
  ]);
  const events = perDay
    .flat()
    .sort((a, b) => a.at - b.at)
    .map((e) => ({
      id: e.id,
      articleId: e.articleId,
      voteType: e.voteType,
      previousVote: e.previousVote,
      ip: e.ip,
      createdAt: e.at,
    }));
  return { current, events };
}
