-- Inbox entries on their way to their reader's Inbox object (docs/decisions/026-inbox.md): each is
-- written in the batch of the change it tells of and deleted once the inbox queue has it.
CREATE TABLE `inbox_outbox` (
	`entry_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`entry` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_outbox_time_idx` ON `inbox_outbox` (`created_at`);