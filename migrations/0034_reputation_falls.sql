-- ADR 022 step 28: a reputation change that takes a user's score below 0 no longer moves their
-- approved comments back to the moderation queue in its own batch (one UPDATE over the author's rows);
-- it records the fall here, and the comments go back one status change at a time, thread by thread,
-- as every other status change will once the threads hold the comments' status. Edited by hand:
-- WITHOUT ROWID, so a row is one entry of its key. No foreign key: the account deletion deletes it.
CREATE TABLE `reputation_falls` (
	`user_id` text PRIMARY KEY NOT NULL,
	`fell_at` integer NOT NULL
) WITHOUT ROWID;
