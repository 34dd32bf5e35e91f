// The reader's saved state of one article, on one SWR key per article and reader, so a feed card and
// the article page show the same (docs/decisions/025-saved-articles.md).

/** One cache entry per article and signed-in reader. */
export const savedKey = (articleId: string, userId: string) => `saved:${articleId}:${userId}`;
