CREATE TABLE `sign_in_codes` (
	`hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_in_codes_expires_idx` ON `sign_in_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `spent_refresh_tokens` (
	`hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`spent_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `spent_refresh_tokens_session_idx` ON `spent_refresh_tokens` (`session_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_used_at` integer;