-- ModMe's Approved tab lists the last APPROVED_TAB_DAYS (7) days of approvals (ADR 022 step 21): a
-- partial index of the comments flagged for it, instead of every approved comment's status, time and
-- id (about 55 bytes a comment the main database kept for ever). The flag is set with an approval and
-- cleared when the comment leaves approved or by the comments worker's cron once the approval is older.
DROP INDEX `comments_approved_idx`;--> statement-breakpoint
ALTER TABLE `comments` ADD `in_approved_tab` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `comments` SET `in_approved_tab` = 1
  WHERE `status` = 'approved' AND `approved_at` >= (unixepoch() - 7 * 86400) * 1000;--> statement-breakpoint
CREATE INDEX `comments_approved_tab_idx` ON `comments` (`approved_at`,`id`) WHERE "comments"."in_approved_tab" = 1;
