// The voting service as the reader uses it for articles. Counts (and the signed-in reader's votes)
// for the cards on screen are fetched together: requests made in the same moment are gathered and
// sent as batch calls of at most 20 ids (spec §9); an id the batch could not answer falls back to
// its own calls, and if those fail too it shows 0 votes and no vote of the reader's (spec §8).

import { apiFetch } from "@unbiased/web-shared";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import {
  type CountsBatchResponse,
  type CountsResponse,
  MAX_BATCH_IDS,
  type UserVoteBatchResponse,
  type UserVoteResponse,
  type UserVoteState,
  type VoteCounts,
  type VoteHistoryItem,
  type VoteResponse,
} from "@unbiased/worker-shared/contracts/votes";
import { askTogether } from "../cache/askTogether.ts";
import { NO_VOTES, type VoteState } from "./voteState.ts";

const votes = { service: "votes" } as const;
const path = (id: string) => encodeURIComponent(id);

/** Sets (or with "none", removes) the reader's vote on an article; resolves to the server's state. */
export async function sendArticleVote(articleId: string, userId: string, userVote: UserVoteState): Promise<VoteState> {
  const response =
    userVote === "none"
      ? await apiFetch<VoteResponse>(`/api/votes/vote/${path(articleId)}`, { ...votes, method: "DELETE" })
      : await apiFetch<VoteResponse>("/api/votes/vote", {
          ...votes,
          method: "POST",
          body: { articleId, userId, voteType: userVote, voteCount: 1 },
        });
  return { upvotes: response.upvotes, downvotes: response.downvotes, userVote: response.userVote };
}

export async function fetchVotingHistory(): Promise<VoteHistoryItem[]> {
  return (await apiFetch<ApiSuccess<VoteHistoryItem[]>>("/api/votes/user/history", votes)).data;
}

/** One asker per reader (null = signed out): a batch answers for one reader's votes. */
const askers = new Map<string | null, (articleId: string) => Promise<VoteState>>();

/** An article's counts and the reader's vote, gathered with the other cards' into batch calls. */
export function loadArticleVotes(articleId: string, userId: string | null): Promise<VoteState> {
  let ask = askers.get(userId);
  if (!ask) {
    ask = askTogether(MAX_BATCH_IDS, (ids) => loadChunk(ids, userId));
    askers.set(userId, ask);
  }
  return ask(articleId);
}

async function loadChunk(articleIds: string[], userId: string | null): Promise<Map<string, VoteState>> {
  const counts = new Map<string, VoteCounts>();
  const userVotes = new Map<string, UserVoteState>();
  try {
    const [countsResponse, userResponse] = await Promise.all([
      apiFetch<CountsBatchResponse>("/api/votes/counts/batch", { ...votes, method: "POST", body: { articleIds } }),
      userId
        ? apiFetch<UserVoteBatchResponse>("/api/votes/user/batch", {
            ...votes,
            method: "POST",
            body: { userId, articleIds },
          })
        : null,
    ]);
    for (const r of countsResponse.results) if (r.success) counts.set(r.articleId, r);
    for (const r of userResponse?.results ?? []) if (r.success) userVotes.set(r.articleId, r.vote?.type ?? "none");
  } catch {
    // The whole batch failed: every id falls back to its own calls below.
  }
  const result = new Map<string, VoteState>();
  await Promise.all(
    articleIds.map(async (id) => {
      const known = counts.get(id);
      const needsUserVote = userId !== null && !userVotes.has(id);
      if (known && !needsUserVote) {
        result.set(id, { upvotes: known.upvotes, downvotes: known.downvotes, userVote: userVotes.get(id) ?? "none" });
        return;
      }
      result.set(id, await loadOne(id, userId, known));
    }),
  );
  return result;
}

/** The per-article fallback; a failure shows 0 votes and no vote (spec §8). */
async function loadOne(articleId: string, userId: string | null, known?: VoteCounts): Promise<VoteState> {
  try {
    const [countsResponse, userResponse] = await Promise.all([
      known ?? apiFetch<CountsResponse>(`/api/votes/counts/${path(articleId)}`, votes),
      userId ? apiFetch<UserVoteResponse>(`/api/votes/user/${path(articleId)}/${path(userId)}`, votes) : null,
    ]);
    return {
      upvotes: countsResponse.upvotes,
      downvotes: countsResponse.downvotes,
      userVote: userResponse?.vote?.type ?? "none",
    };
  } catch {
    return NO_VOTES;
  }
}
