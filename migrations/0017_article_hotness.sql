-- The popularity feed walks an index of the articles' tier (a net gain, none, a net loss) and hotness
-- (log10 of net votes + publication time / 45,000 s; the schema's `popularityTier` and `hotness`)
-- instead of scoring every article of its period (ADR 022). Net votes
-- live in article_stats; triggers copy them to articles.net_votes, whatever writes the counts (the votes
-- consumer, an account deletion, the seed), so the two never disagree. (Written by hand: drizzle-kit
-- splits an index expression at its commas.)
ALTER TABLE `articles` ADD `net_votes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `articles` SET `net_votes` = (SELECT `upvotes` - `downvotes` FROM `article_stats` WHERE `article_id` = `articles`.`id`)
WHERE `id` IN (SELECT `article_id` FROM `article_stats`);--> statement-breakpoint
CREATE INDEX `articles_hot_idx` ON `articles` (`status`, (CASE WHEN "net_votes" > 0 THEN 2 WHEN "net_votes" = 0 THEN 1 ELSE 0 END), (CASE WHEN "net_votes" > 0 THEN (length("net_votes") - 1 + ("net_votes" / pow(10, length("net_votes") - 1) - 1) / 9.0) WHEN "net_votes" < 0 THEN -(length((-"net_votes")) - 1 + ((-"net_votes") / pow(10, length((-"net_votes")) - 1) - 1) / 9.0) ELSE 0 END + "sourced_time" / 45000.0), `sourced_time`, `id`);--> statement-breakpoint
CREATE TRIGGER `article_stats_net_after_insert` AFTER INSERT ON `article_stats` BEGIN
  UPDATE `articles` SET `net_votes` = new.`upvotes` - new.`downvotes`
  WHERE `id` = new.`article_id` AND `net_votes` IS NOT new.`upvotes` - new.`downvotes`;
END;--> statement-breakpoint
-- Only when the net changes: a new comment's count, or a batch that adds an upvote and a downvote, rewrites nothing.
CREATE TRIGGER `article_stats_net_after_update` AFTER UPDATE OF `upvotes`, `downvotes` ON `article_stats`
WHEN new.`upvotes` - new.`downvotes` IS NOT old.`upvotes` - old.`downvotes` BEGIN
  UPDATE `articles` SET `net_votes` = new.`upvotes` - new.`downvotes` WHERE `id` = new.`article_id`;
END;
