-- The popularity feed finds the older articles that can outrank the recent ones by their net votes
-- (workers/api/src/storage/articles.ts, ADR 022).
CREATE INDEX `article_stats_net_idx` ON `article_stats` (("upvotes" - "downvotes"));