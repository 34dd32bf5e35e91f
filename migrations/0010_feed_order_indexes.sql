DROP INDEX `article_categories_feed_idx`;--> statement-breakpoint
CREATE INDEX `article_categories_feed_idx` ON `article_categories` (`category`,`sourced_time`,`article_id`);--> statement-breakpoint
DROP INDEX `articles_feed_idx`;--> statement-breakpoint
CREATE INDEX `articles_feed_idx` ON `articles` (`status`,`sourced_time`,`id`);