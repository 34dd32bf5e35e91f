DROP INDEX `comments_status_idx`;--> statement-breakpoint
CREATE INDEX `comments_approved_idx` ON `comments` (`status`,`approved_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_status_idx` ON `comments` (`status`,`created_at`,`id`);