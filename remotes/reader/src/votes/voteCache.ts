// How long vote counts are reused (spec §9 Voting): fresh for 30 s, kept 5 min after the last card
// or page showing them goes away, one retry after 1 s.

import type { SWRConfiguration } from "@unbiased/web-shared";
import {
  VOTE_COUNTS_FRESH_MS,
  VOTE_COUNTS_KEPT_MS,
  VOTE_COUNTS_RETRY_COUNT,
  VOTE_COUNTS_RETRY_DELAY_MS,
} from "@unbiased/worker-shared/contracts/votes";
import { keepUnusedFor } from "../cache/articleCache.ts";

export const VOTE_CACHE: SWRConfiguration = {
  dedupingInterval: VOTE_COUNTS_FRESH_MS,
  use: [keepUnusedFor(VOTE_COUNTS_KEPT_MS)],
  onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
    if (retryCount > VOTE_COUNTS_RETRY_COUNT) return;
    setTimeout(() => void revalidate({ retryCount }), VOTE_COUNTS_RETRY_DELAY_MS);
  },
};

/** One cache entry per article and reader, shared by the feed card and the article page. */
export const articleVotesKey = (articleId: string, userId: string | null) =>
  `votes:article:${articleId}:${userId ?? "anonymous"}`;
