-- Sessions move to their user's UserSessions object (ADR 022); the sign-in check of every worker reads
-- the ones ended early from here. Edited by hand: WITHOUT ROWID, so a row is one entry of its key.
CREATE TABLE `ended_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
) WITHOUT ROWID;
