-- Comment votes move to their articles' ArticleThread objects (ADR 022); D1 keeps their counts and the
-- authors' reputation as copies, and here the newest change of each article it has taken, so a batch
-- sent again writes nothing twice. Edited by hand: WITHOUT ROWID, so a row is one entry of its key.
CREATE TABLE `comment_vote_copies` (
	`article_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
) WITHOUT ROWID;
