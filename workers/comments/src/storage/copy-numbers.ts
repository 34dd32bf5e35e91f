// The newest change of an article's thread that D1 has taken, per kind of copy (ADR 022): the votes'
// (`comment_vote_copies`, step 16) and the status changes' (`comment_status_copies`, step 29). The
// thread numbers its changes; D1 applies one only while its number is above the article's, in the
// batch that moves the article's number on, so a copy sent twice writes nothing twice.

import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";

type CopyTable = "comment_vote_copies" | "comment_status_copies";

/** The condition that D1 has not yet taken change `seq` of the article. */
export const notYetTaken = (table: CopyTable, articleId: string, seq: number) => ({
  sql: `COALESCE((SELECT seq FROM ${table} WHERE article_id = ?), 0) < ?`,
  params: [articleId, seq] as unknown[],
});

/** Moves the article's number on to `seq` (never back). */
export const takeNumber = (db: Database, table: CopyTable, articleId: string, seq: number) =>
  raw(
    db,
    `INSERT INTO ${table} (article_id, seq) VALUES (?, ?)
     ON CONFLICT (article_id) DO UPDATE SET seq = excluded.seq WHERE excluded.seq > ${table}.seq`,
    articleId,
    seq,
  );
