// /modme/reports (spec §2): pending comment reports, 20 a page, with View Comment, View Author and
// Dismiss Report; a second tab lists article reports (beyond the spec) with View Article and Dismiss.

import { Button, Link, toast } from "@unbiased/web-shared";
import { MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { useStaffData } from "../data/useStaffData.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { errorText, preview } from "../ui/format.ts";
import { ModmePage } from "../ui/ModmePage.tsx";
import { ReportList } from "./ReportList.tsx";

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
    <ModmePage title={PAGE_FRAMES.reports.title} note={PAGE_FRAMES.reports.note}>
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
        <ReportList
          result={comments}
          page={page}
          onPage={setPage}
          emptyTitle="No pending reports"
          about={(report) => <>comment by {report.comment_author}</>}
        >
          {(report) => (
            <>
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
            </>
          )}
        </ReportList>
      ) : (
        <ReportList
          result={articles}
          page={articlePage}
          onPage={setArticlePage}
          emptyTitle="No pending article reports"
          about={(report) => report.article_title}
        >
          {(report) => (
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
                onClick={() => void dismiss(report.id, () => modmeApi.dismissArticleReport(report.id), articles.mutate)}
              >
                Dismiss
              </Button>
            </div>
          )}
        </ReportList>
      )}
    </ModmePage>
  );
}
