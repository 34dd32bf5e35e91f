-- The moderation log moves to one ModerationLogMonth object per UTC month (ADR 022 step 20). D1's
-- moderation_log keeps each entry only from its action's batch until the move: its filters' indexes go
-- (the reads ask the objects), and so does the trigger that refused DELETE (the objects keep the log
-- append-only; UPDATE stays refused here).
CREATE TABLE `moderation_log_actors` (
	`actor_id` text PRIMARY KEY NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `moderation_log_months` (
	`month` text PRIMARY KEY NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX `moderation_log_target_idx`;--> statement-breakpoint
DROP INDEX `moderation_log_actor_idx`;--> statement-breakpoint
DROP TRIGGER `moderation_log_no_delete`;
