// Article votes and comment votes in one list, newest first (the profile shows the first 10).
import type { CommentVoteHistoryItem } from "@unbiased/worker-shared/contracts/comments";
import type { VoteHistoryItem } from "@unbiased/worker-shared/contracts/votes";

export type HistoryEntry = VoteHistoryItem & { commentId?: string };

export function mergeVotingHistory(
  articleVotes: VoteHistoryItem[],
  commentVotes: CommentVoteHistoryItem[],
): HistoryEntry[] {
  return [...articleVotes, ...commentVotes].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}
