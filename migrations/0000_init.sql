CREATE TABLE `bans` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`ban_type` text NOT NULL,
	`reason` text,
	`banned_by` text,
	`banned_at` integer NOT NULL,
	`expires_at` integer,
	`lifted_at` integer,
	`lifted_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`banned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lifted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bans_type_check" CHECK(("bans"."ban_type" = 'permanent' AND "bans"."expires_at" IS NULL) OR ("bans"."ban_type" = 'temporary' AND "bans"."expires_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `bans_user_active_idx` ON `bans` (`user_id`,`lifted_at`,`expires_at`);--> statement-breakpoint
CREATE INDEX `bans_active_idx` ON `bans` (`lifted_at`,`banned_at`);--> statement-breakpoint
CREATE TABLE `reputation_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text,
	`actor_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reputation_changes_user_idx` ON `reputation_changes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`refresh_hash` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_refresh_unique` ON `sessions` (`refresh_hash`);--> statement-breakpoint
CREATE TABLE `user_reputation` (
	`user_id` text PRIMARY KEY NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`total_upvotes` integer DEFAULT 0 NOT NULL,
	`total_downvotes` integer DEFAULT 0 NOT NULL,
	`approved_comments` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_reputation_score_idx` ON `user_reputation` (`score`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`google_sub` text,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`picture` text,
	`role` text DEFAULT 'user' NOT NULL,
	`created_at` integer NOT NULL,
	`last_login_at` integer,
	CONSTRAINT "users_role_check" CHECK("users"."role" IN ('user', 'moderator', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE TABLE `article_categories` (
	`article_id` text NOT NULL,
	`category` text NOT NULL,
	`sourced_time` integer NOT NULL,
	PRIMARY KEY(`article_id`, `category`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category`) REFERENCES `categories`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `article_categories_feed_idx` ON `article_categories` (`category`,`sourced_time`);--> statement-breakpoint
CREATE TABLE `article_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`article_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `article_reports_status_idx` ON `article_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `article_reports_once_idx` ON `article_reports` (`article_id`,`reporter_id`);--> statement-breakpoint
CREATE TABLE `article_stats` (
	`article_id` text PRIMARY KEY NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`downvotes` integer DEFAULT 0 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `articles` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`title` text NOT NULL,
	`domain` text NOT NULL,
	`source_id` text,
	`source_name` text,
	`author` text,
	`thumbnail_url` text,
	`image_attribution` text,
	`sourced_time` integer NOT NULL,
	`location` text,
	`location_city` text,
	`location_country` text,
	`tldr` text DEFAULT '' NOT NULL,
	`short_summary` text DEFAULT '' NOT NULL,
	`summary` text DEFAULT '{}' NOT NULL,
	`detailed_summary` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'visible' NOT NULL,
	`hidden_reason` text,
	`hidden_by` text,
	`hidden_at` integer,
	`event_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `sources`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "articles_status_check" CHECK("articles"."status" IN ('visible', 'hidden')),
	CONSTRAINT "articles_summary_json_check" CHECK(json_valid("articles"."summary"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_url_unique` ON `articles` (`url`);--> statement-breakpoint
CREATE INDEX `articles_feed_idx` ON `articles` (`status`,`sourced_time`);--> statement-breakpoint
CREATE INDEX `articles_event_idx` ON `articles` (`event_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`slug` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`emoji` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`main_tldr` text NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_end_date_idx` ON `events` (`end_date`);--> statement-breakpoint
CREATE TABLE `sources` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`domain` text NOT NULL,
	`feed_url` text NOT NULL,
	`feed_kind` text DEFAULT 'rss' NOT NULL,
	`default_category` text,
	`active` integer DEFAULT true NOT NULL,
	`etag` text,
	`last_modified` text,
	`last_fetched_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sources_feed_url_unique` ON `sources` (`feed_url`);--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`url` text NOT NULL,
	`canonical_url` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`article_id` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `submissions_user_idx` ON `submissions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `submissions_canonical_idx` ON `submissions` (`canonical_url`);--> statement-breakpoint
CREATE TABLE `comment_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `comment_reports_status_idx` ON `comment_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `comment_reports_comment_idx` ON `comment_reports` (`comment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `comment_reports_once_idx` ON `comment_reports` (`comment_id`,`reporter_id`);--> statement-breakpoint
CREATE TABLE `comment_votes` (
	`comment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`vote_type` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comment_votes_type_check" CHECK("comment_votes"."vote_type" IN ('upvote', 'downvote'))
);
--> statement-breakpoint
CREATE INDEX `comment_votes_user_idx` ON `comment_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`article_id` text NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`content` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`downvotes` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`approved_at` integer,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comments_status_check" CHECK("comments"."status" IN ('pending', 'approved', 'rejected', 'deleted')),
	CONSTRAINT "comments_content_length_check" CHECK(length("comments"."content") BETWEEN 3 AND 8000)
);
--> statement-breakpoint
CREATE INDEX `comments_article_idx` ON `comments` (`article_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`);--> statement-breakpoint
CREATE INDEX `comments_status_idx` ON `comments` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_article_votes` (
	`user_id` text NOT NULL,
	`article_id` text NOT NULL,
	`vote_type` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `article_id`)
);
--> statement-breakpoint
CREATE INDEX `user_article_votes_recent_idx` ON `user_article_votes` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `vote_events` (
	`id` text PRIMARY KEY NOT NULL,
	`article_id` text NOT NULL,
	`user_id` text NOT NULL,
	`vote_type` text NOT NULL,
	`previous_vote` text NOT NULL,
	`ip` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `vote_events_user_idx` ON `vote_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vote_events_article_idx` ON `vote_events` (`article_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vote_events_time_idx` ON `vote_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `vote_events_ip_idx` ON `vote_events` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`template` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `moderation_log_target_idx` ON `moderation_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `moderation_log_actor_idx` ON `moderation_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `queue_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`queue` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "queue_jobs_status_check" CHECK("queue_jobs"."status" IN ('pending', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `queue_jobs_status_idx` ON `queue_jobs` (`queue`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `queue_jobs_time_idx` ON `queue_jobs` (`queue`,`updated_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
