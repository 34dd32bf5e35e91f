CREATE INDEX `article_reports_reporter_idx` ON `article_reports` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comment_reports_reporter_idx` ON `comment_reports` (`reporter_id`,`created_at`);--> statement-breakpoint
-- Hand-written: reports on items staff already acted on before this migration become 'actioned', dated
-- by the first such action in the moderation log (staff actions only: an author deleting their own
-- comment is not an outcome of the report). From now on the staff actions set it themselves.
UPDATE `comment_reports` SET
	`status` = 'actioned',
	`resolved_at` = (SELECT MIN(m.`created_at`) FROM `moderation_log` m WHERE m.`target_type` = 'comment' AND m.`target_id` = `comment_reports`.`comment_id` AND m.`action` IN ('comment.reject', 'comment.deactivate', 'comment.delete') AND m.`actor_id` IS NOT NULL AND m.`created_at` >= `comment_reports`.`created_at`),
	`resolved_by` = (SELECT m.`actor_id` FROM `moderation_log` m WHERE m.`target_type` = 'comment' AND m.`target_id` = `comment_reports`.`comment_id` AND m.`action` IN ('comment.reject', 'comment.deactivate', 'comment.delete') AND m.`actor_id` IS NOT NULL AND m.`created_at` >= `comment_reports`.`created_at` ORDER BY m.`created_at`, m.`id` LIMIT 1)
WHERE `status` <> 'actioned' AND EXISTS (SELECT 1 FROM `moderation_log` m WHERE m.`target_type` = 'comment' AND m.`target_id` = `comment_reports`.`comment_id` AND m.`action` IN ('comment.reject', 'comment.deactivate', 'comment.delete') AND m.`actor_id` IS NOT NULL AND m.`created_at` >= `comment_reports`.`created_at`);--> statement-breakpoint
UPDATE `article_reports` SET
	`status` = 'actioned',
	`resolved_at` = (SELECT a.`hidden_at` FROM `articles` a WHERE a.`id` = `article_reports`.`article_id`),
	`resolved_by` = (SELECT a.`hidden_by` FROM `articles` a WHERE a.`id` = `article_reports`.`article_id`)
WHERE `status` <> 'actioned' AND EXISTS (SELECT 1 FROM `articles` a WHERE a.`id` = `article_reports`.`article_id` AND a.`status` = 'hidden' AND a.`hidden_at` IS NOT NULL AND a.`hidden_at` >= `article_reports`.`created_at`);
