// Vote buttons for one article, on a feed card (signed out: the toast 'Please log in to vote') or on
// the article page (signed out: the prompt 'Please log in to vote on articles'); spec §5.

import { LoginRequiredModal, toast } from "@unbiased/web-shared";
import { VOTE_MESSAGES } from "@unbiased/worker-shared/contracts/votes";
import { useState } from "react";
import { useArticleVotes } from "./useArticleVotes.ts";
import { VoteButtons } from "./VoteButtons.tsx";

export interface ArticleVoteButtonsProps {
  articleId: string;
  title: string;
  /** How a signed-out reader is told to sign in. */
  signedOut: "toast" | "prompt";
  size?: "small" | "normal";
}

export function ArticleVoteButtons({ articleId, title, signedOut, size }: ArticleVoteButtonsProps) {
  const [prompt, setPrompt] = useState(false);
  const { state, vote, busy } = useArticleVotes(articleId, () =>
    signedOut === "toast" ? toast.error(VOTE_MESSAGES.loginToast) : setPrompt(true),
  );
  return (
    <>
      <VoteButtons
        state={state}
        onVote={(choice) => void vote(choice)}
        label={title}
        busy={busy}
        size={size}
        earlyKey={articleId}
      />
      {signedOut === "prompt" && (
        <LoginRequiredModal open={prompt} onClose={() => setPrompt(false)} message={VOTE_MESSAGES.loginPrompt} />
      )}
    </>
  );
}
