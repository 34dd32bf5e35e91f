import "./staffTools.css";
import { Button, isStaff, toast, useAuth, useNavigate, useSWRConfig } from "@unbiased/web-shared";
import type { Article, FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { REGENERATE_TARGETS, STAFF_TOOL_MESSAGES } from "@unbiased/worker-shared/contracts/ingest";
import EyeOff from "lucide-react/icons/eye-off";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useId, useState } from "react";
import { isFeedPagesKey } from "../../cache/feedQuery.ts";
import { useLoadedArticleCount } from "../../cache/loadedArticles.ts";
import { HideArticleDialog } from "./HideArticleDialog.tsx";
import { hideArticle, type Outcome, REGENERATE_LABELS, type RegenerateTarget, regenerate } from "./staffActions.ts";

export interface StaffToolsProps {
  articleId: Article["id"];
  /** Refetches the article after a regeneration changed it. */
  onChanged(): void;
}

/**
 * Spec §2 Article page extras, §6: moderators and admins see the 'articles loaded' counter and the
 * three regenerate buttons; admins also Hide article. Hiding the buttons is a courtesy only: the
 * server refuses every one of these calls to anyone else.
 */
export function StaffTools({ articleId, onChanged }: StaffToolsProps) {
  const { user } = useAuth();
  const headingId = useId();
  if (!isStaff(user)) return null;
  return (
    <section className="staff-tools" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-tools__heading">
        Staff tools
      </h2>
      <LoadedCounter />
      <div className="staff-tools__actions">
        <RegenerateButtons articleId={articleId} onChanged={onChanged} />
        {user?.role === "admin" && <HideArticleButton articleId={articleId} />}
      </div>
    </section>
  );
}

function LoadedCounter() {
  const count = useLoadedArticleCount();
  return (
    <p className="staff-tools__count">
      <strong>{count}</strong> {count === 1 ? "article" : "articles"} loaded
    </p>
  );
}

function showOutcome({ tone, message }: Outcome) {
  if (tone === "success") toast.success(message);
  else if (tone === "error") toast.error(message);
  else toast(message);
}

function RegenerateButtons({ articleId, onChanged }: StaffToolsProps) {
  const { user } = useAuth();
  // One at a time: each success refetches the article, and overlapping ones would race to show it.
  const [busy, setBusy] = useState<RegenerateTarget | null>(null);

  const run = async (target: RegenerateTarget) => {
    if (busy) return;
    if (!user) {
      toast.error(STAFF_TOOL_MESSAGES.signedOut[target]);
      return;
    }
    setBusy(target);
    try {
      const outcome = await regenerate(articleId, target);
      showOutcome(outcome);
      if (outcome.tone !== "error") onChanged();
    } finally {
      setBusy(null);
    }
  };

  return REGENERATE_TARGETS.map((target) => (
    <Button key={target} onClick={() => void run(target)} disabled={busy !== null} aria-busy={busy === target}>
      <RefreshCw aria-hidden="true" size={16} className={busy === target ? "staff-tools__spin" : undefined} />
      {busy === target ? REGENERATE_LABELS[target].busyLabel : REGENERATE_LABELS[target].label}
    </Button>
  ));
}

function HideArticleButton({ articleId }: { articleId: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  /** Resolves to true once hidden (the page is left), false when it failed (the dialog stays). */
  const hide = async (reason: string) => {
    try {
      await hideArticle(articleId, reason);
    } catch (error) {
      toast.error((error as Error).message);
      return false;
    }
    toast.success(STAFF_TOOL_MESSAGES.hidden);
    // The server has dropped it from every feed; the feeds this page already holds drop it too,
    // so home does not show it again from the cache.
    void mutate<FeedResponse[]>(
      isFeedPagesKey,
      (pages) => pages?.map((page) => ({ ...page, data: page.data.filter((article) => article.id !== articleId) })),
      {
        revalidate: false,
      },
    );
    setOpen(false);
    navigate("/");
    return true;
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <EyeOff aria-hidden="true" size={16} />
        Hide article
      </Button>
      <HideArticleDialog open={open} onCancel={() => setOpen(false)} onHide={hide} />
    </>
  );
}
