// Comment counts for feed cards and the article page (spec §7 batch counts, §8 'A comment count failure
// quietly shows 0', §9 batch stale after 30 s). Cards ask one by one; the ids asked for in the same
// tick go out together in batches of at most 20; a failed batch falls back to per-article counts,
// and a failed count is 0.
import { useSWR } from "@unbiased/web-shared";
import { COMMENT_COUNTS_BATCH_MAX } from "@unbiased/worker-shared/contracts/comments";
import { fetchCommentCount, fetchCommentCounts } from "./commentsApi.ts";

type Waiter = { resolve(count: number): void };
let waiting = new Map<string, Waiter[]>();
let scheduled = false;

export interface CountApi {
  batch: typeof fetchCommentCounts;
  single: typeof fetchCommentCount;
}

const realApi: CountApi = { batch: fetchCommentCounts, single: fetchCommentCount };

/** Resolves with the article's approved comment count; never rejects (0 on failure). */
export function loadCommentCount(articleId: string, api: CountApi = realApi): Promise<number> {
  return new Promise((resolve) => {
    const list = waiting.get(articleId);
    if (list) list.push({ resolve });
    else waiting.set(articleId, [{ resolve }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flush(api), 0);
    }
  });
}

async function flush(api: CountApi) {
  const batch = waiting;
  waiting = new Map();
  scheduled = false;
  const ids = [...batch.keys()];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += COMMENT_COUNTS_BATCH_MAX)
    chunks.push(ids.slice(i, i + COMMENT_COUNTS_BATCH_MAX));
  await Promise.all(
    chunks.map(async (chunk) => {
      const counts = await countsFor(chunk, api);
      for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.resolve(counts.get(id) ?? 0);
    }),
  );
}

async function countsFor(ids: string[], api: CountApi): Promise<Map<string, number>> {
  try {
    const { results } = await api.batch(ids);
    return new Map(results.map((r) => [r.articleId, r.commentCount]));
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
