-- Hand-written: drizzle-kit does not generate FTS5 tables, triggers or seed rows.

-- Full-text search over every summary field and the title (issue: Reading / Search).
-- A regular FTS5 table keyed by the article's rowid, kept in step by triggers so no code path can forget it.
-- unicode61 with diacritics removed lets "sao paulo" find "São Paulo"; prefix indexes make "quant*" cheap.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
  title, tldr, short_summary, summary_text, detailed_summary,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
  INSERT INTO articles_fts (rowid, title, tldr, short_summary, summary_text, detailed_summary)
  VALUES (
    new.rowid, new.title, new.tldr, new.short_summary,
    CASE WHEN json_valid(new.summary) THEN
      trim(coalesce(json_extract(new.summary, '$.who'), '') || ' ' || coalesce(json_extract(new.summary, '$.what'), '') || ' ' ||
           coalesce(json_extract(new.summary, '$.when'), '') || ' ' || coalesce(json_extract(new.summary, '$.where'), '') || ' ' ||
           coalesce(json_extract(new.summary, '$.why'), '') || ' ' || coalesce(json_extract(new.summary, '$.how'), ''))
    ELSE new.summary END,
    new.detailed_summary
  );
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
  DELETE FROM articles_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, tldr, short_summary, summary, detailed_summary ON `articles` BEGIN
  DELETE FROM articles_fts WHERE rowid = old.rowid;
  INSERT INTO articles_fts (rowid, title, tldr, short_summary, summary_text, detailed_summary)
  VALUES (
    new.rowid, new.title, new.tldr, new.short_summary,
    CASE WHEN json_valid(new.summary) THEN
      trim(coalesce(json_extract(new.summary, '$.who'), '') || ' ' || coalesce(json_extract(new.summary, '$.what'), '') || ' ' ||
           coalesce(json_extract(new.summary, '$.when'), '') || ' ' || coalesce(json_extract(new.summary, '$.where'), '') || ' ' ||
           coalesce(json_extract(new.summary, '$.why'), '') || ' ' || coalesce(json_extract(new.summary, '$.how'), ''))
    ELSE new.summary END,
    new.detailed_summary
  );
END;
--> statement-breakpoint

-- The moderation log is append-only (docs/architecture.md § Conventions, 6): refuse edits at the storage layer.
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE ON `moderation_log` BEGIN
  SELECT RAISE(ABORT, 'moderation_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log` BEGIN
  SELECT RAISE(ABORT, 'moderation_log is append-only');
END;
--> statement-breakpoint

-- The spec's categories (§2, §9), each with a label and an emoji. "latest" is the all-categories feed.
INSERT INTO `categories` (`slug`, `label`, `emoji`, `position`) VALUES
  ('latest', 'Latest', '📰', 0),
  ('tech', 'Tech', '💻', 1),
  ('politics', 'Politics', '🏛️', 2),
  ('world', 'World', '🌍', 3),
  ('business', 'Business', '💼', 4),
  ('science', 'Science', '🔬', 5);
