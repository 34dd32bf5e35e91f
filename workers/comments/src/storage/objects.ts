// The comments worker's Durable Objects, each by the name it is kept under (ADR 022): an article's
// ArticleThread (its comments' texts and votes), a voter's UserCommentVotes, a user's ReputationHistory,
// a UTC month's ModerationLogMonth (YYYY-MM).

export const articleThread = (env: Env, articleId: string) =>
  env.ARTICLE_THREADS.get(env.ARTICLE_THREADS.idFromName(articleId));

export const userCommentVotes = (env: Env, userId: string) =>
  env.USER_COMMENT_VOTES.get(env.USER_COMMENT_VOTES.idFromName(userId));

export const reputationHistory = (env: Env, userId: string) =>
  env.REPUTATION_HISTORIES.get(env.REPUTATION_HISTORIES.idFromName(userId));

export const moderationLogMonth = (env: Env, month: string) =>
  env.MODERATION_LOG_MONTHS.get(env.MODERATION_LOG_MONTHS.idFromName(month));
