// Profile 'My reports' (ADR 018): each article and comment report the reader filed, newest
// first, with where it stands — Pending, Dismissed or Action taken — and when that last changed.
import "./myReports.css";
import { apiFetch, ErrorPanel, Link, Spinner, useSWR, useTimeZone } from "@unbiased/web-shared";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { MY_REPORTS_MESSAGES, type MyReport, REPORT_STATUS_LABELS } from "@unbiased/worker-shared/contracts/reports";
import { shortDateTime } from "../time/dateTime.ts";

/** Keyed on the user: another account signing in on this page never sees the previous one's list. */
export const myReportsKey = (userId: string) => ["my-reports", userId] as const;

const fetchMyReports = async () => (await apiFetch<ApiSuccess<MyReport[]>>("/api/auth/me/reports")).data;

export function MyReports({ userId }: { userId: string }) {
  const { data, error, isLoading, mutate } = useSWR(myReportsKey(userId), fetchMyReports);
  return (
    <section className="profile-page__reports my-reports" aria-labelledby="my-reports">
      <h2 id="my-reports">{MY_REPORTS_MESSAGES.heading}</h2>
      <p className="ui-page__note">{MY_REPORTS_MESSAGES.note}</p>
      {isLoading && <Spinner label="Loading your reports…" />}
      {error && <ErrorPanel message={MY_REPORTS_MESSAGES.loadFailed} onRetry={() => void mutate()} />}
      {data && data.length === 0 && <p className="ui-page__note">{MY_REPORTS_MESSAGES.empty}</p>}
      {data && data.length > 0 && (
        <ol className="my-reports__list">
          {data.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ReportRow({ report }: { report: MyReport }) {
  const timeZone = useTimeZone();
  const subject = report.kind === "comment" ? `Comment on: ${report.article.title}` : report.article.title;
  const path = report.article.path && report.article.path + (report.commentId ? `#comment-${report.commentId}` : "");
  const changed = report.status !== "pending";
  return (
    <li className="my-reports__item">
      <p className="my-reports__subject">{path ? <Link to={path}>{subject}</Link> : <span>{subject}</span>}</p>
      <p className="my-reports__reason">Reason: {report.reason}</p>
      <p className="my-reports__meta">
        <span className={`my-reports__status my-reports__status--${report.status}`}>
          {REPORT_STATUS_LABELS[report.status]}
        </span>
        <span aria-hidden="true"> · </span>
        {changed ? "Updated " : "Reported "}
        <time dateTime={report.changedAt}>{shortDateTime(report.changedAt, timeZone)}</time>
      </p>
    </li>
  );
}
