// Comment counts for feed cards and the article page (spec §7 batch counts, §8 'A comment count failure
// quietly shows 0', §9 batch stale after 30 s). Cards ask one by one; the ids asked for in the same
// tick go out together in batches of at most 20; a failed batch falls back to per-article counts,
// and a failed count is 0.
import { useSWR } from "@unbiased/web-shared";
import { COMMENT_COUNTS_BATCH_MAX } from "@unbiased/worker-shared/contracts/comment-counts";
import { askTogether } from "../cache/askTogether.ts";
import { fetchCommentCount, fetchCommentCounts } from "./commentsApi.ts";

export interface CountApi {
  batch: typeof fetchCommentCounts;
  single: typeof fetchCommentCount;
}

const realApi: CountApi = { batch: fetchCommentCounts, single: fetchCommentCount };

/** One asker per api (tests pass their own). */
const askers = new WeakMap<CountApi, (articleId: string) => Promise<number>>();

/** Resolves with the article's approved comment count; never rejects (0 on failure). */
export function loadCommentCount(articleId: string, api: CountApi = realApi): Promise<number> {
  let ask = askers.get(api);
  if (!ask) {
    ask = askTogether(COMMENT_COUNTS_BATCH_MAX, (ids) => countsFor(ids, api));
    askers.set(api, ask);
  }
  return ask(articleId);
}

/** Every id's count: a failed batch falls back to each article's own call, a failed one is 0. */
async function countsFor(ids: string[], api: CountApi): Promise<Map<string, number>> {
  try {
    const { results } = await api.batch(ids);
    const counts = new Map(results.map((r) => [r.articleId, r.commentCount]));
    return new Map(ids.map((id) => [id, counts.get(id) ?? 0]));
  } catch {
    const singles = await Promise.all(ids.map((id) => api.single(id).catch(() => 0)));
    return new Map(ids.map((id, i) => [id, singles[i] ?? 0]));
  }
}

/** A card's or the article page's comment count: cached 30 s, 0 while loading or on failure. */
export function useCommentCount(articleId: string): number {
  const { data } = useSWR(["comment-count", articleId] as const, () => loadCommentCount(articleId), {
    dedupingInterval: 30_000,
  });
  return data ?? 0;
}
