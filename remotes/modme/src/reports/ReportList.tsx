// One tab of /modme/reports: the comment and the article reports are listed the same way (count line,
// cards, 20 a page); only what a report is about and its actions differ, so those come from the tab.

import { MODERATION_MESSAGES, REPORTS_PAGE_SIZE } from "@unbiased/worker-shared/contracts/moderation";
import type { ReactNode } from "react";
import { dateTime, showingText } from "../ui/format.ts";
import { LoadState } from "../ui/LoadState.tsx";
import { EmptyState } from "../ui/ModmePage.tsx";
import { Pagination } from "../ui/Pagination.tsx";

/** What both kinds of report have in common. */
interface Report {
  id: string;
  reason: string;
  reporter_name: string;
  reported_at: string;
}

interface ReportPage<R extends Report> {
  reports: R[];
  total: number;
  pagination: { totalPages: number };
}

export function ReportList<R extends Report>({
  result,
  page,
  onPage,
  emptyTitle,
  about,
  children,
}: {
  result: { data?: ReportPage<R>; error?: unknown; mutate: () => Promise<unknown> };
  page: number;
  onPage: (page: number) => void;
  emptyTitle: string;
  /** What the report is about, after "Reported by … · ". */
  about: (report: R) => ReactNode;
  /** The rest of the card: a quote of the reported text, if any, and the actions. */
  children: (report: R) => ReactNode;
}) {
  return (
    <LoadState
      result={result}
      failed={MODERATION_MESSAGES.fetchReportsFailed}
      isEmpty={(data) => data.reports.length === 0}
      empty={<EmptyState title={emptyTitle} />}
    >
      {(data) => (
        <>
          <p className="modme-muted">{showingText(page, REPORTS_PAGE_SIZE, data.total, "reports")}</p>
          <div className="modme-list">
            {data.reports.map((report) => (
              <article key={report.id} className="modme-comment" aria-label={`Report by ${report.reporter_name}`}>
                <header className="modme-comment__header">
                  <strong>{report.reason}</strong>
                  <time className="modme-muted" dateTime={report.reported_at}>
                    {dateTime(report.reported_at)}
                  </time>
                </header>
                <p className="modme-muted">
                  Reported by {report.reporter_name} · {about(report)}
                </p>
                {children(report)}
              </article>
            ))}
          </div>
          <Pagination page={page} totalPages={data.pagination.totalPages} onPage={onPage} />
        </>
      )}
    </LoadState>
  );
}
