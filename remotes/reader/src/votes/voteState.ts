// What choosing a vote does to the counts and the voter's own vote (spec §4 "Article vote per user"):
// choosing the vote one already has removes it, choosing the other moves one count across, and no
// count goes below zero. Pure, so articles and (later) comments share it.
import type { UserVoteState, VoteCounts, VoteType } from "@unbiased/worker-shared/contracts/votes";

export interface VoteState extends VoteCounts {
  userVote: UserVoteState;
}

export const NO_VOTES: VoteState = { upvotes: 0, downvotes: 0, userVote: "none" };

/** The vote the user ends up with after choosing `choice`: the same one again removes it. */
export const nextUserVote = (current: UserVoteState, choice: VoteType): UserVoteState =>
  current === choice ? "none" : choice;

export function applyChoice(state: VoteState, choice: VoteType): VoteState {
  const next = nextUserVote(state.userVote, choice);
  const delta = (type: VoteType) => (next === type ? 1 : 0) - (state.userVote === type ? 1 : 0);
  return {
    upvotes: Math.max(0, state.upvotes + delta("upvote")),
    downvotes: Math.max(0, state.downvotes + delta("downvote")),
    userVote: next,
  };
}
