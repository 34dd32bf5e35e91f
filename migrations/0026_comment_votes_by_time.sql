-- A reader's comment votes by time: the profile's Voting History reads its newest ten as a walk of
-- this index that stops there, where it sorted every comment vote of the reader before (ADR 022).
DROP INDEX `comment_votes_user_idx`;--> statement-breakpoint
CREATE INDEX `comment_votes_user_idx` ON `comment_votes` (`user_id`,`created_at`);
