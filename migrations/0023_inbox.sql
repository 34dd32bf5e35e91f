-- The inbox (docs/decisions/026-inbox.md): inbox_outbox holds entries on their way to their reader's
-- Inbox object (each written in the batch of the change it tells of, deleted once the inbox queue has
-- it); digest_subscriptions the readers who asked for the daily e-mail digest; email_outbox gains the
-- digest's extra headers (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058).
CREATE TABLE `digest_subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`last_sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inbox_outbox` (
	`entry_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`entry` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_outbox_time_idx` ON `inbox_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `inbox_outbox_user_idx` ON `inbox_outbox` (`user_id`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;