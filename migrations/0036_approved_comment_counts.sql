-- ADR 022 step 31: the public comment count of an article is its row's, moved by each status change's
-- copy from the article's ArticleThread object (+1 entering approved, -1 leaving it), instead of a
-- count over the article's approved comments at every read: the comments' rows are on their way out of
-- D1. Counted once here from the rows as they are; only articles with approved comments are written.
ALTER TABLE `articles` ADD `approved_comments` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `approved_comments` = (
	SELECT count(*) FROM `comments` WHERE `comments`.`article_id` = `articles`.`id` AND `comments`.`status` = 'approved'
) WHERE `id` IN (SELECT DISTINCT `article_id` FROM `comments` WHERE `status` = 'approved');
