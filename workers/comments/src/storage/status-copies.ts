// D1's copy of a comment's status changes (ADR 022 step 29). The article's ArticleThread object decides
// each change on its record and numbers it (durable/thread-records.ts); D1 takes the change's
// statements (the status update and its side effects: reputation, inbox and e-mail outboxes, the log,
// reports) in one batch that applies only while D1 has not yet taken that number for the article
// (`comment_status_copies`), so the request that made the change and the thread's alarm may both send
// it, and a batch sent again writes nothing twice. The changes of an article are sent in their order.
// A change into or out of approved moves the article's public count in the same batch (step 31).

import type { Database } from "@unbiased/worker-shared/db/client";
import { abortUnless, isAbort, raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { prepareRecorded } from "@unbiased/worker-shared/db/recorded-statement";
import { logLine } from "@unbiased/worker-shared/http/trace";
import type { StatusCopy } from "../durable/thread-status.ts";
import { notYetTaken, takeNumber } from "./copy-numbers.ts";

/**
 * Applies the article's changes, oldest first, a batch each. One D1 has taken already, or one of a
 * comment D1 no longer has or has emptied (deleted for good or with its author's account, by a batch
 * of its own), writes nothing. One whose side effects D1 refuses for good (a constraint: a user they
 * name was deleted since, such as the moderator who acted) is applied with its status update alone,
 * and said so in the log: otherwise it would stand in front of every later change of the article.
 */
export async function applyStatusCopies(db: Database, articleId: string, copies: readonly StatusCopy[]): Promise<void> {
  for (const copy of copies) {
    try {
      await applyCopy(db, articleId, copy, copy.statements);
    } catch (error) {
      if (!REFUSED_FOR_GOOD.test(String(error))) throw error;
      logLine("error", {
        msg: "a status change's side effects refused by D1 for good: its status applied alone",
        articleId,
        commentId: copy.commentId,
        seq: copy.seq,
        error: String(error),
      });
      await applyCopy(db, articleId, copy, copy.statements.slice(0, 1));
    }
  }
}

/** A constraint's failure: the same statements fail again however often they are sent. */
const REFUSED_FOR_GOOD = /SQLITE_CONSTRAINT|constraint failed/i;

async function applyCopy(db: Database, articleId: string, copy: StatusCopy, statements: StatusCopy["statements"]) {
  const fresh = notYetTaken("comment_status_copies", articleId, copy.seq);
  try {
    await runBatch(db, [
      abortUnless(
        db,
        `${fresh.sql} AND EXISTS (SELECT 1 FROM comments WHERE id = ? AND status <> 'deleted')`,
        ...fresh.params,
        copy.commentId,
      ),
      ...statements.map((record) => prepareRecorded(db, record)),
      ...(copy.approvedDelta === 0
        ? []
        : [
            raw(
              db,
              "UPDATE articles SET approved_comments = approved_comments + ? WHERE id = ?",
              copy.approvedDelta,
              articleId,
            ),
          ]),
      takeNumber(db, "comment_status_copies", articleId, copy.seq),
    ]);
  } catch (error) {
    if (!isAbort(error)) throw error;
  }
}
