CREATE TABLE `carried_bans` (
	`id` text PRIMARY KEY NOT NULL,
	`source_ban_id` text NOT NULL,
	`identity_kind` text NOT NULL,
	`identity_hash` text NOT NULL,
	`ban_type` text NOT NULL,
	`reason` text,
	`banned_at` integer NOT NULL,
	`expires_at` integer,
	`keep_until` integer NOT NULL,
	`carried_at` integer NOT NULL,
	CONSTRAINT "carried_bans_kind_check" CHECK("carried_bans"."identity_kind" IN ('google', 'email'))
);
--> statement-breakpoint
CREATE INDEX `carried_bans_hash_idx` ON `carried_bans` (`identity_hash`,`keep_until`);--> statement-breakpoint
CREATE INDEX `carried_bans_source_idx` ON `carried_bans` (`source_ban_id`);--> statement-breakpoint
CREATE INDEX `carried_bans_keep_idx` ON `carried_bans` (`keep_until`);--> statement-breakpoint
-- Edited by hand: comment_reports is rebuilt (SQLite cannot change a foreign key in place) so that a
-- report outlives its comment (comment_id set null, the article kept beside it). No table refers to
-- comment_reports, so it can be dropped with foreign keys on (D1 does not let a migration turn them off).
PRAGMA defer_foreign_keys = true;--> statement-breakpoint
CREATE TABLE `__new_comment_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text,
	`article_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_comment_reports`("id", "comment_id", "article_id", "reporter_id", "reason", "status", "created_at", "resolved_at", "resolved_by") SELECT r."id", r."comment_id", c."article_id", r."reporter_id", r."reason", r."status", r."created_at", r."resolved_at", r."resolved_by" FROM `comment_reports` r JOIN `comments` c ON c."id" = r."comment_id";--> statement-breakpoint
DROP TABLE `comment_reports`;--> statement-breakpoint
ALTER TABLE `__new_comment_reports` RENAME TO `comment_reports`;--> statement-breakpoint
CREATE INDEX `comment_reports_status_idx` ON `comment_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `comment_reports_comment_idx` ON `comment_reports` (`comment_id`);--> statement-breakpoint
CREATE INDEX `comment_reports_reporter_idx` ON `comment_reports` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `comment_reports_once_idx` ON `comment_reports` (`comment_id`,`reporter_id`);