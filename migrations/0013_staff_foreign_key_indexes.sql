CREATE INDEX `article_reports_resolved_by_idx` ON `article_reports` (`resolved_by`) WHERE "article_reports"."resolved_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `articles_hidden_by_idx` ON `articles` (`hidden_by`) WHERE "articles"."hidden_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `comment_reports_resolved_by_idx` ON `comment_reports` (`resolved_by`) WHERE "comment_reports"."resolved_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `bans_banned_by_idx` ON `bans` (`banned_by`) WHERE "bans"."banned_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `bans_lifted_by_idx` ON `bans` (`lifted_by`) WHERE "bans"."lifted_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `reputation_changes_actor_idx` ON `reputation_changes` (`actor_id`) WHERE "reputation_changes"."actor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sign_in_codes_user_idx` ON `sign_in_codes` (`user_id`);