// An article's counts and the reader's vote, and the action that changes them (spec §4), on one SWR
// key per article and reader, so a feed card and the article page show the same numbers.

import { useAuth, useSWR } from "@unbiased/web-shared";
import { useRef } from "react";
import { loadArticleVotes, sendArticleVote } from "./articleVotesApi.ts";
import { useVoteAction } from "./useVoteAction.ts";
import { articleVotesKey, VOTE_CACHE } from "./voteCache.ts";
import { NO_VOTES } from "./voteState.ts";

export function useArticleVotes(articleId: string, onSignedOut: () => void) {
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  const lock = useRef(false);
  const { data, mutate } = useSWR(articleVotesKey(articleId, userId), () => loadArticleVotes(articleId, userId), {
    ...VOTE_CACHE,
    // While a vote is in flight, a refetch must not overwrite the optimistic guess.
    isPaused: () => lock.current,
  });
  const state = data ?? NO_VOTES;
  const { vote, busy } = useVoteAction({
    state,
    signedIn: loading ? null : userId !== null,
    onSignedOut,
    show: (next) => void mutate(next, { revalidate: false }),
    send: (userVote) => sendArticleVote(articleId, userId ?? "", userVote),
    refetch: () => void mutate(),
    lock,
  });
  return { state, vote, busy, loaded: data !== undefined };
}
