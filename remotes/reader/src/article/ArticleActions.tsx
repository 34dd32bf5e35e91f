import { apiFetch, articlePath, Button, earlyAction, LoginRequiredModal, useAuth } from "@unbiased/web-shared";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import Flag from "lucide-react/icons/flag";
import Share2 from "lucide-react/icons/share-2";
import { useState } from "react";
import { OnDemand, preloadOnIntent, ReportModal, ShareModal } from "../dialogs/onDemand.tsx";
import { SaveButton } from "../saved/SaveButton.tsx";

type OpenDialog = "share" | "report" | "login" | null;

/** Save, Share and Report on the article page. Reporting needs an account; anonymous readers get the login prompt. */
export function ArticleActions({ article }: { article: Pick<Article, "id" | "title"> }) {
  const { user } = useAuth();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const reportArticle = async (reason: string) => {
    await apiFetch(`/api/articles/${encodeURIComponent(article.id)}/report`, { method: "POST", body: { reason } });
  };

  return (
    <>
      <SaveButton articleId={article.id} title={article.title} labelled />
      {/* Taps before the page is ready open the dialog once it is (earlyAction). */}
      <Button onClick={() => setDialog("share")} {...earlyAction("share", article.id)} {...preloadOnIntent(ShareModal)}>
        <Share2 aria-hidden="true" size={16} />
        Share
      </Button>
      <Button
        onClick={() => setDialog(user ? "report" : "login")}
        {...earlyAction("report", article.id)}
        {...(user ? preloadOnIntent(ReportModal) : {})}
      >
        <Flag aria-hidden="true" size={16} />
        Report
      </Button>
      {/* The canonical address, without /news or a comment hash, is what gets shared. */}
      <OnDemand when={dialog === "share"}>
        <ShareModal
          open
          onClose={close}
          title={article.title}
          url={new URL(articlePath(article), window.location.origin).href}
        />
      </OnDemand>
      <OnDemand when={dialog === "report"}>
        <ReportModal
          open
          onClose={close}
          heading="Report Article"
          itemTitle={article.title}
          submit={reportArticle}
          successMessage="Article reported successfully. Thank you for helping keep our community safe."
          failureMessage="Failed to report article"
        />
      </OnDemand>
      <LoginRequiredModal open={dialog === "login"} onClose={close} />
    </>
  );
}
