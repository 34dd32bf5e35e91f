// A report's outcome in its reporter's inbox (docs/decisions/026-inbox.md): staff dismissed it, or
// acted on what it reported. Written in the batch of the decision, before the statement that changes
// the reports' status (it selects the reports still waiting for that outcome), one entry per report.
// The entry names the article and the reporter's own reason, never who decided.
import type { Database } from "../db/client.ts";
import { raw } from "../db/raw-batch.ts";

export type ReportKind = "article" | "comment";
type Outcome = "actioned" | "dismissed";

const TABLES = { article: "article_reports", comment: "comment_reports" } as const;

/**
 * Entries for the reports that `which` selects: one report by id (a dismissal), or every report of an
 * item not yet actioned (staff acted on the item). A dismissed comment report leads to the comment;
 * otherwise the entry leads to the article (a removed comment is no longer there to show).
 */
export function reportOutcomeEntries(
  db: Database,
  kind: ReportKind,
  outcome: Outcome,
  which: { reportId: string } | { subjectId: string },
  now = Date.now(),
): D1PreparedStatement {
  const table = TABLES[kind];
  const where =
    "reportId" in which
      ? { sql: "r.id = ? AND r.status = 'pending'", params: [which.reportId] }
      : {
          sql: `r.${kind === "article" ? "article_id" : "comment_id"} = ? AND r.status <> 'actioned'`,
          params: [which.subjectId],
        };
  const link =
    kind === "comment" && outcome === "dismissed"
      ? "'/article/' || r.article_id || '#comment-' || r.comment_id"
      : "'/article/' || r.article_id";
  const entryId = `'report:' || r.id || ':${outcome}'`;
  return raw(
    db,
    `INSERT OR IGNORE INTO inbox_outbox (entry_id, user_id, entry, created_at)
     SELECT ${entryId}, r.reporter_id,
       json_object('id', ${entryId}, 'type', 'report-${outcome}', 'at', ?, 'link', ${link},
         'subject', a.title, 'reason', r.reason, 'actorName', NULL, 'excerpt', NULL),
       ?
     FROM ${table} r JOIN articles a ON a.id = r.article_id
     WHERE ${where.sql}`,
    now,
    now,
    ...where.params,
  );
}
