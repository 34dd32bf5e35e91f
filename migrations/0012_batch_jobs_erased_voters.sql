CREATE TABLE `erased_voters` (
	`user_id` text PRIMARY KEY NOT NULL,
	`erased_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `queue_jobs` ADD `items` integer DEFAULT 1 NOT NULL;