-- Senders of the e-mail outbox hold the messages they take until lease_until, so senders running at
-- once (the cron, a moderation action, the digest consumer) never send one message twice.
ALTER TABLE `email_outbox` ADD `lease_until` integer;