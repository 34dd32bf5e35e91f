// /modme/reports (spec §2): pending comment reports, 20 a page, with View Comment, View Author and
// Dismiss Report; a second tab lists article reports (beyond the spec) with View Article and Dismiss.
import { useState } from "react";
import { MODERATION_MESSAGES, REPORTS_PAGE_SIZE } from "@unbiased/worker-shared/contracts/moderation";
import { Button, ErrorPanel, Link, toast } from "@unbiased/web-shared";
import { modmeApi } from "../data/modmeApi.ts";
import { useStaffData } from "../data/useStaffData.ts";
import { EmptyState, Loading, ModmePage } from "../ui/ModmePage.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { dateTime, errorText, preview, showingText } from "../ui/format.ts";

type Tab = "comments" | "articles";

export function ReportsPage() {
  const [tab, setTab] = useState<Tab>("comments");
  const [page, setPage] = useState(1);
  const [articlePage, setArticlePage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const comments = useStaffData(`modme:reports:${page}`, () => modmeApi.reports(page));
  const articles = useStaffData(`modme:article-reports:${articlePage}`, () => modmeApi.articleReports(articlePage));

  const dismiss = async (id: string, run: () => Promise<unknown>, reload: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await run();
      toast.success(MODERATION_MESSAGES.reportDismissed);
      await reload();
    } catch (error) {
      toast.error(errorText(error, MODERATION_MESSAGES.dismissFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ModmePage title="Comment Reports" note="Reports from readers, newest first.">
      <div className="modme-tabs" role="tablist" aria-label="Report lists">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "comments"}
          className={`modme-tab${tab === "comments" ? " modme-tab--selected" : ""}`}
          onClick={() => setTab("comments")}
        >
          Comment Reports ({comments.data?.total ?? 0})
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "articles"}
          className={`modme-tab${tab === "articles" ? " modme-tab--selected" : ""}`}
          onClick={() => setTab("articles")}
        >
          Article Reports ({articles.data?.total ?? 0})
        </button>
      </div>
      {tab === "comments" ? (
        comments.error && !comments.data ? (
          <ErrorPanel message={MODERATION_MESSAGES.fetchReportsFailed} onRetry={() => void comments.mutate()} />
        ) : !comments.data ? (
          <Loading />
        ) : comments.data.reports.length === 0 ? (
          <EmptyState title="No pending reports" />
        ) : (
          <>
            <p className="modme-muted">{showingText(page, REPORTS_PAGE_SIZE, comments.data.total, "reports")}</p>
            <div className="modme-list">
              {comments.data.reports.map((report) => (
                <article key={report.id} className="modme-comment" aria-label={`Report by ${report.reporter_name}`}>
                  <header className="modme-comment__header">
                    <strong>{report.reason}</strong>
                    <time className="modme-muted" dateTime={report.reported_at}>
                      {dateTime(report.reported_at)}
                    </time>
                  </header>
                  <p className="modme-muted">
                    Reported by {report.reporter_name} · comment by {report.comment_author}
                  </p>
                  <blockquote className="modme-quote">{preview(report.comment_content)}</blockquote>
                  <div className="modme-actions">
                    <Link
                      to={`/modme/comments?highlight=${encodeURIComponent(report.comment_id)}`}
                      className="ui-button ui-button--secondary"
                    >
                      View Comment
                    </Link>
                    <Link
                      to={`/modme/reputation?user=${encodeURIComponent(report.comment_author_id)}`}
                      className="ui-button ui-button--secondary"
                    >
                      View Author
                    </Link>
                    <Button
                      disabled={busy === report.id}
                      onClick={() => void dismiss(report.id, () => modmeApi.dismissReport(report.id), comments.mutate)}
                    >
                      Dismiss Report
                    </Button>
                  </div>
                </article>
              ))}
            </div>
            <Pagination page={page} totalPages={comments.data.pagination.totalPages} onPage={setPage} />
          </>
        )
      ) : articles.error && !articles.data ? (
        <ErrorPanel message={MODERATION_MESSAGES.fetchReportsFailed} onRetry={() => void articles.mutate()} />
      ) : !articles.data ? (
        <Loading />
      ) : articles.data.reports.length === 0 ? (
        <EmptyState title="No pending article reports" />
      ) : (
        <>
          <p className="modme-muted">{showingText(articlePage, REPORTS_PAGE_SIZE, articles.data.total, "reports")}</p>
          <div className="modme-list">
            {articles.data.reports.map((report) => (
              <article key={report.id} className="modme-comment" aria-label={`Report by ${report.reporter_name}`}>
                <header className="modme-comment__header">
                  <strong>{report.reason}</strong>
                  <time className="modme-muted" dateTime={report.reported_at}>
                    {dateTime(report.reported_at)}
                  </time>
                </header>
                <p className="modme-muted">
                  Reported by {report.reporter_name} · {report.article_title}
                </p>
                <div className="modme-actions">
                  <a
                    href={`/article/${encodeURIComponent(report.article_id)}`}
                    target="_blank"
                    rel="noreferrer"
                    className="ui-button ui-button--secondary"
                  >
                    View Article
                  </a>
                  <Button
                    disabled={busy === report.id}
                    onClick={() =>
                      void dismiss(report.id, () => modmeApi.dismissArticleReport(report.id), articles.mutate)
                    }
                  >
                    Dismiss
                  </Button>
                </div>
              </article>
            ))}
          </div>
          <Pagination page={articlePage} totalPages={articles.data.pagination.totalPages} onPage={setArticlePage} />
        </>
      )}
    </ModmePage>
  );
}
