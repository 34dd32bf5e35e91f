-- A session's refresh tokens become a numbered, signed line (workers/api/src/auth/refresh-token.ts):
-- the row keeps the current number, and a token rotated away is known by its number and signature,
-- so the list of spent token hashes (220 bytes a refresh, kept 60 days: 27 GB at 1 M readers a day,
-- docs/capacity.md) goes. Sessions opened before keep their refresh_hash until their next refresh.
DROP TABLE `spent_refresh_tokens`;--> statement-breakpoint
ALTER TABLE `sessions` ADD `refresh_generation` integer;
