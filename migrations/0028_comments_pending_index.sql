-- ModMe's pending queue reads the pending comments oldest first: a partial index of those alone (the
-- backlog) instead of every comment's status, time and id, about 60 bytes a comment the main database
-- no longer keeps for the approved, rejected and deleted ones (ADR 022).
DROP INDEX `comments_status_idx`;--> statement-breakpoint
CREATE INDEX `comments_pending_idx` ON `comments` (`status`,`created_at`,`id`) WHERE "comments"."status" = 'pending';
