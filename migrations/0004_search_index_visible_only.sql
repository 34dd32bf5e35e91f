-- Hand-written: the search index holds visible articles only, and ranking reads recency from a narrow
-- table (issue: Reading / Search performance).
-- Hidden articles could never be returned anyway, but keeping them in the index forced every search
-- to join `articles` row by row just to drop them, and to count matches the same slow way. Now the
-- index itself is "what the public may find": a count is a pure full-text count, and hiding or
-- unhiding an article removes or restores its index row in the same statement.
--
-- Ranking reads each match's recency (the tie-break). Reading it from `articles` meant one seek per
-- match into a table of large rows spread over thousands of pages; `articles_search_recency` keeps just
-- rowid and sourced_time, a few pages that stay in cache, so ranking costs little more than bm25 itself.
--
-- The text that goes into the index (the six-question summary flattened to plain text) is defined once,
-- in a view, and used by the backfill and both triggers. A later migration that rebuilds `articles`
-- must drop this view first and rebuild the index and the recency table (ADR 005).
DROP TRIGGER `articles_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_after_update`;
--> statement-breakpoint
DROP TABLE `articles_fts`;
--> statement-breakpoint
CREATE VIEW `articles_search_source` AS
SELECT a.rowid AS article_rowid, a.status AS status, a.title AS title, a.tldr AS tldr, a.short_summary AS short_summary,
  CASE WHEN json_valid(a.summary) THEN
    trim(coalesce(json_extract(a.summary, '$.who'), '') || ' ' || coalesce(json_extract(a.summary, '$.what'), '') || ' ' ||
         coalesce(json_extract(a.summary, '$.when'), '') || ' ' || coalesce(json_extract(a.summary, '$.where'), '') || ' ' ||
         coalesce(json_extract(a.summary, '$.why'), '') || ' ' || coalesce(json_extract(a.summary, '$.how'), ''))
  ELSE a.summary END AS summary_text,
  a.detailed_summary AS detailed_summary
FROM articles a;
--> statement-breakpoint
-- Same columns, tokenizer and prefix indexes as migration 0001.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
  title, tldr, short_summary, summary_text, detailed_summary,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);
--> statement-breakpoint
INSERT INTO articles_fts (rowid, title, tldr, short_summary, summary_text, detailed_summary)
SELECT article_rowid, title, tldr, short_summary, summary_text, detailed_summary FROM articles_search_source WHERE status = 'visible';
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` WHEN new.status = 'visible' BEGIN
  INSERT INTO articles_fts (rowid, title, tldr, short_summary, summary_text, detailed_summary)
  SELECT article_rowid, title, tldr, short_summary, summary_text, detailed_summary FROM articles_search_source WHERE article_rowid = new.rowid;
END;
--> statement-breakpoint
-- Any change to indexed text or to visibility rewrites the row: removed, then put back only if visible.
-- (`articles_fts_after_delete` from migration 0001 still removes the row of a deleted article.)
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, tldr, short_summary, summary, detailed_summary, status ON `articles` BEGIN
  DELETE FROM articles_fts WHERE rowid = old.rowid;
  INSERT INTO articles_fts (rowid, title, tldr, short_summary, summary_text, detailed_summary)
  SELECT article_rowid, title, tldr, short_summary, summary_text, detailed_summary FROM articles_search_source WHERE article_rowid = new.rowid AND status = 'visible';
END;
--> statement-breakpoint
CREATE TABLE `articles_search_recency` (
  `article_rowid` integer PRIMARY KEY NOT NULL,
  `sourced_time` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO articles_search_recency (article_rowid, sourced_time) SELECT rowid, sourced_time FROM articles;
--> statement-breakpoint
CREATE TRIGGER `articles_search_recency_after_insert` AFTER INSERT ON `articles` BEGIN
  INSERT INTO articles_search_recency (article_rowid, sourced_time) VALUES (new.rowid, new.sourced_time);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_recency_after_update` AFTER UPDATE OF sourced_time ON `articles` BEGIN
  UPDATE articles_search_recency SET sourced_time = new.sourced_time WHERE article_rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_recency_after_delete` AFTER DELETE ON `articles` BEGIN
  DELETE FROM articles_search_recency WHERE article_rowid = old.rowid;
END;
