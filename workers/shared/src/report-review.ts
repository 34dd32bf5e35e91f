// The review of readers' reports, the same for article reports (gateway) and comment reports (comments
// worker): a page of the pending ones, newest first, with their total; pending → dismissed with its
// moderation-log entry in one batch; and → actioned when staff act on the reported item. Each worker
// keeps what differs: the rows it joins and shows.

import { and, count, desc, eq, inArray, lt, ne, type SQL } from "drizzle-orm";
import type { ModerationAction } from "./contracts/moderation.ts";
import { REVIEWED_REPORT_DAYS } from "./contracts/reports.ts";
import type { Database } from "./db/client.ts";
import { deleteInChunks } from "./db/delete-in-chunks.ts";
import { runBatch } from "./db/raw-batch.ts";
import type { articleReports, commentReports } from "./db/schema/index.ts";
import { reportOutcomeEntries } from "./inbox/report-outcomes.ts";
import { moderationLogInsert } from "./moderation-log.ts";

type ReportTable = typeof articleReports | typeof commentReports;

const DAY_MS = 86_400_000;

/**
 * The reviewed reports filed and reviewed before `cutoff`: the status index's reviewed statuses, each
 * walked up to the time.
 */
export const reviewedReportsBefore = (table: ReportTable, cutoff: number): SQL =>
  and(
    inArray(table.status, ["dismissed", "actioned", "content_removed"]),
    lt(table.createdAt, cutoff),
    lt(table.resolvedAt, cutoff),
  ) as SQL;

/**
 * Deletes reviewed reports past REVIEWED_REPORT_DAYS (each worker's cron, for its table), in chunks;
 * returns how many went. Their outcome is in the reporter's inbox, and what staff did in the log.
 */
export const purgeReviewedReports = (db: Database, table: ReportTable, now = Date.now()): Promise<number> =>
  deleteInChunks(db, table, reviewedReportsBefore(table, now - REVIEWED_REPORT_DAYS * DAY_MS));

/** How a worker's query of report rows is narrowed to one page of pending reports. */
export interface PendingPage {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** One page of pending reports (the rows come from `selectRows`, which applies `PendingPage`) and their total. */
export async function pendingReportsPage<Row>(
  db: Database,
  table: ReportTable,
  paging: { page: number; limit: number },
  selectRows: (page: PendingPage) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const where = eq(table.status, "pending");
  const [rows, [totalRow]] = await Promise.all([
    selectRows({
      where,
      orderBy: [desc(table.createdAt), desc(table.id)],
      limit: paging.limit,
      offset: (paging.page - 1) * paging.limit,
    }),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** What a dismissal names in the moderation log: the reported item, by its column and its key in the details. */
export interface ReportSubject {
  table: ReportTable;
  subjectColumn: typeof articleReports.articleId | typeof commentReports.commentId;
  subjectKey: "articleId" | "commentId";
  /** The moderation-log action. */
  action: ModerationAction;
}

/**
 * Pending → dismissed, with the log entry and the reporter's inbox entry in the same batch; false when
 * no pending report has that id.
 */
export async function dismissPendingReport(
  db: Database,
  subject: ReportSubject,
  input: { reportId: string; actorId: string },
  now = Date.now(),
): Promise<boolean> {
  const { table } = subject;
  const [report] = await db
    .select({ subjectId: subject.subjectColumn })
    .from(table)
    .where(and(eq(table.id, input.reportId), eq(table.status, "pending")));
  if (!report) return false;
  const kind = subject.subjectKey === "articleId" ? "article" : "comment";
  await runBatch(db, [
    // Before the update: it selects the report while it is still pending.
    reportOutcomeEntries(db, kind, "dismissed", { reportId: input.reportId }, now),
    db
      .update(table)
      .set({ status: "dismissed", resolvedAt: now, resolvedBy: input.actorId })
      .where(eq(table.id, input.reportId)),
    moderationLogInsert(db, {
      actorId: input.actorId,
      action: subject.action,
      targetType: "report",
      targetId: input.reportId,
      details: { [subject.subjectKey]: report.subjectId },
    }),
  ]);
  return true;
}

/**
 * Every report of an item staff just acted on (a comment rejected, deactivated or deleted; an article
 * hidden) becomes actioned, dismissed ones too: what the reporter reported was acted on in the end.
 * An update for the caller's batch, so the outcome lands with the action itself (ADR 018); the
 * reporters' inbox entries (inbox/report-outcomes.ts) go before it in that batch.
 */
export function markReportsActioned(
  db: Database,
  subject: Pick<ReportSubject, "table" | "subjectColumn">,
  input: { subjectId: string; actorId: string },
  now = Date.now(),
) {
  const { table } = subject;
  return db
    .update(table)
    .set({ status: "actioned", resolvedAt: now, resolvedBy: input.actorId })
    .where(and(eq(subject.subjectColumn, input.subjectId), ne(table.status, "actioned")));
}
