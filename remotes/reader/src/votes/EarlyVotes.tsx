// Votes tapped before the page was ready (docs/decisions/019-early-input.md). The first HTML is the
// signed-out page, so a reader who taps 'upvote' there saw no vote of theirs: once the session is
// known the tap means 'set upvote', one request, never a toggle of a vote they could not see (a
// reader who had already upvoted keeps that one vote). A signed-out reader gets the buttons' own
// answer: the held tap clicks them.
import { handleEarlyTaps, toast, useSWRConfig, whenSessionKnown } from "@unbiased/web-shared";
import { isVoteType } from "@unbiased/worker-shared/contracts/votes";
import { useEffect } from "react";
import { sendArticleVote } from "./articleVotesApi.ts";
import { voteFailureMessage } from "./useVoteAction.ts";
import { articleVotesKey } from "./voteCache.ts";

export function EarlyVotes() {
  const { mutate } = useSWRConfig();
  useEffect(
    () =>
      handleEarlyTaps("vote", async ({ key: articleId, value }) => {
        const user = await whenSessionKnown();
        if (!user || !isVoteType(value)) return "click";
        try {
          const state = await sendArticleVote(articleId, user.id, value);
          await mutate(articleVotesKey(articleId, user.id), state, { revalidate: false });
        } catch (error) {
          toast.error(voteFailureMessage(error));
        }
      }),
    [mutate],
  );
  return null;
}
