-- The D1 copy of each article's vote counts moves from article_stats onto the article's own row
-- (ADR 022). The copy wrote the stats row, and its triggers the article's net votes and that row's two
-- hotness index entries: 4 D1 rows a new vote since articles_outlet_hot_idx (0020). Written on the
-- article, it is the row and the two entries: 3. The counts are copied over here. The table stays
-- until the votes worker that writes the article is deployed everywhere (migrations run before the
-- Workers deploy): meanwhile its triggers carry an older worker's writes onto the article, newer wins
-- as the copy itself does. A later migration drops the table and these triggers.
ALTER TABLE `articles` ADD `upvotes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `downvotes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `vote_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `votes_updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `articles` SET
  `upvotes` = `s`.`upvotes`,
  `downvotes` = `s`.`downvotes`,
  `net_votes` = `s`.`upvotes` - `s`.`downvotes`,
  `vote_seq` = `s`.`seq`,
  `votes_updated_at` = `s`.`updated_at`
FROM `article_stats` AS `s` WHERE `s`.`article_id` = `articles`.`id`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_stats_net_after_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_stats_net_after_update`;--> statement-breakpoint
CREATE TRIGGER `article_stats_counts_after_insert` AFTER INSERT ON `article_stats` BEGIN
  UPDATE `articles` SET `upvotes` = new.`upvotes`, `downvotes` = new.`downvotes`,
    `net_votes` = new.`upvotes` - new.`downvotes`, `vote_seq` = new.`seq`, `votes_updated_at` = new.`updated_at`
  WHERE `id` = new.`article_id` AND (`vote_seq`, `votes_updated_at`) <= (new.`seq`, new.`updated_at`);
END;--> statement-breakpoint
CREATE TRIGGER `article_stats_counts_after_update` AFTER UPDATE ON `article_stats` BEGIN
  UPDATE `articles` SET `upvotes` = new.`upvotes`, `downvotes` = new.`downvotes`,
    `net_votes` = new.`upvotes` - new.`downvotes`, `vote_seq` = new.`seq`, `votes_updated_at` = new.`updated_at`
  WHERE `id` = new.`article_id` AND (`vote_seq`, `votes_updated_at`) <= (new.`seq`, new.`updated_at`);
END;
