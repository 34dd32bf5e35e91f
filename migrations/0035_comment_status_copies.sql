-- ADR 022 step 29: a comment's status is decided by its article's ArticleThread object, which numbers
-- every change and sends D1 its copy (the status update and its side effects). Here, the newest
-- change of each article D1 has taken, so a copy sent twice (by the request and the thread's alarm)
-- writes nothing twice. Edited by hand: WITHOUT ROWID, so a row is one entry of its key.
CREATE TABLE `comment_status_copies` (
	`article_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
) WITHOUT ROWID;
