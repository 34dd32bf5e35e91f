-- The inbox (docs/decisions/026-inbox.md): inbox_outbox holds entries on their way to their reader's
-- Inbox object (each written in the batch of the change it tells of, deleted once the inbox queue has
-- it; edited by hand: WITHOUT ROWID, so its key is its only index and an entry costs one row written
-- and one deleted); digest_subscriptions the readers who asked for the daily e-mail digest;
-- email_outbox gains the digest's extra headers (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058).
CREATE TABLE `digest_subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`last_sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inbox_outbox` (
	`user_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`entry` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `entry_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;