-- Reputation history entries leave the main database (ADR 022 step 18): a change's entry is written
-- here in its batch and moves to the user's ReputationHistory object within moments, so the table holds
-- minutes of changes. `reputation_changes` keeps the entries written before, and is no longer written.
-- Edited by hand: WITHOUT ROWID, so a row is one entry of its key.
CREATE TABLE `reputation_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `reputation_outbox_user_idx` ON `reputation_outbox` (`user_id`);
