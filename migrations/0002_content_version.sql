CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK("content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `content_version` (`id`, `version`, `updated_at`) VALUES (1, 1, 0);
