-- A comment whose text is in its article's ArticleThread object (ADR 022 step 19): its content is then a
-- digest of the text. Rows from before keep their text here until the move script has run.
ALTER TABLE `comments` ADD `text_in_thread` integer DEFAULT false NOT NULL;
