ALTER TABLE `articles` ADD `summarizer_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `articles_summarizer_version_idx` ON `articles` (`summarizer_version`);