import { useState } from "react";
import ThumbsUp from "lucide-react/icons/thumbs-up";
import ThumbsDown from "lucide-react/icons/thumbs-down";
import { toast } from "@unbiased/web-shared";
import { COMMENT_MESSAGES, type CommentVoteType, type PublicComment } from "@unbiased/worker-shared/contracts/comments";
import { voteOnComment } from "./commentsApi.ts";
import { failureMessage, nextVote } from "./commentRules.ts";

interface Props {
  comment: PublicComment;
  signedIn: boolean;
  own: boolean;
}

/** Up/down on a comment: the same vote again removes it; signed out says 'Please log in to vote on comments'. */
export function CommentVoteButtons({ comment, signedIn, own }: Props) {
  const [state, setState] = useState({
    upvotes: comment.upvotes,
    downvotes: comment.downvotes,
    userVote: comment.userVote ?? null,
  });
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: CommentVoteType) => {
    if (!signedIn) {
      toast.error(COMMENT_MESSAGES.loginToVote);
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const result = await voteOnComment(comment.id, nextVote(state.userVote, chosen));
      setState({ upvotes: result.upvotes, downvotes: result.downvotes, userVote: result.userVote });
    } catch (error) {
      toast.error(failureMessage(error, COMMENT_MESSAGES.failedToVote));
    } finally {
      setBusy(false);
    }
  };

  const title = own ? COMMENT_MESSAGES.ownComment : undefined;
  return (
    <span className="comment-votes">
      <button
        type="button"
        className="comment-votes__button"
        aria-pressed={state.userVote === "upvote"}
        aria-label={`Upvote (${state.upvotes})`}
        title={title}
        disabled={own || busy}
        onClick={() => void choose("upvote")}
      >
        <ThumbsUp aria-hidden="true" size={14} />
        <span>{state.upvotes}</span>
      </button>
      <button
        type="button"
        className="comment-votes__button"
        aria-pressed={state.userVote === "downvote"}
        aria-label={`Downvote (${state.downvotes})`}
        title={title}
        disabled={own || busy}
        onClick={() => void choose("downvote")}
      >
        <ThumbsDown aria-hidden="true" size={14} />
        <span>{state.downvotes}</span>
      </button>
    </span>
  );
}
