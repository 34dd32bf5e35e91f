// Votes on a comment with the article votes' buttons and rules (remotes/reader/src/votes): optimistic,
// debounced, rolled back on failure; choosing the same vote again sends the removal.

import { toast } from "@unbiased/web-shared";
import { COMMENT_MESSAGES, type PublicComment } from "@unbiased/worker-shared/contracts/comments";
import type { UserVoteState } from "@unbiased/worker-shared/contracts/votes";
import { useEffect, useRef, useState } from "react";
import { useVoteAction } from "../votes/useVoteAction.ts";
import { VoteButtons } from "../votes/VoteButtons.tsx";
import type { VoteState } from "../votes/voteState.ts";
import { voteOnComment } from "./commentsApi.ts";

interface Props {
  comment: PublicComment;
  signedIn: boolean;
  own: boolean;
  /** Refetches the thread (10 s after a vote, as for articles). */
  refetch(): void;
}

const fromComment = (comment: PublicComment): VoteState => ({
  upvotes: comment.upvotes,
  downvotes: comment.downvotes,
  userVote: comment.userVote ?? "none",
});

export function CommentVoteButtons({ comment, signedIn, own, refetch }: Props) {
  const [state, setState] = useState(() => fromComment(comment));
  const lock = useRef(false);
  // A refetched thread brings the server's counts, unless a vote is on its way.
  const { upvotes, downvotes, userVote } = comment;
  useEffect(() => {
    if (!lock.current) setState({ upvotes, downvotes, userVote: userVote ?? "none" });
  }, [upvotes, downvotes, userVote]);

  const { vote, busy } = useVoteAction({
    state,
    signedIn,
    onSignedOut: () => toast.error(COMMENT_MESSAGES.loginToVote),
    show: setState,
    send: async (next: UserVoteState) => {
      const result = await voteOnComment(comment.id, next === "none" ? null : next);
      return { upvotes: result.upvotes, downvotes: result.downvotes, userVote: result.userVote ?? "none" };
    },
    refetch,
    lock,
    failedMessage: COMMENT_MESSAGES.failedToVote,
  });

  return (
    <VoteButtons
      state={state}
      busy={busy}
      size="small"
      label={`comment by ${comment.userName}`}
      onVote={(choice) => (own ? toast.error(COMMENT_MESSAGES.ownComment) : void vote(choice))}
    />
  );
}
