-- A session's refresh tokens become a numbered, signed line (workers/api/src/auth/refresh-token.ts):
-- the row keeps the current number, and a token rotated away is known by its number and signature,
-- so a refresh stores nothing new (the spent-token list cost 220 bytes a refresh, kept 60 days:
-- 27 GB at 1 M readers a day, docs/capacity.md). spent_refresh_tokens stays for now: a gateway from
-- before the line may serve until the deploy ends (or after a rollback), and its entries still revoke
-- a session whose old token comes back. A later migration drops it, 30 days after the line is live.
ALTER TABLE `sessions` ADD `refresh_generation` integer;
