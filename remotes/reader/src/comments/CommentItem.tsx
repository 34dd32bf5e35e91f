import { isStaff, readTimezone, toast } from "@unbiased/web-shared";
import type { SignedInUser } from "@unbiased/worker-shared/contracts/auth";
import {
  COMMENT_MESSAGES,
  type DeactivateAction,
  isVerified,
  type PublicComment,
  reputationTier,
} from "@unbiased/worker-shared/contracts/comments";
import BadgeCheck from "lucide-react/icons/badge-check";
import EyeOff from "lucide-react/icons/eye-off";
import Flag from "lucide-react/icons/flag";
import Inbox from "lucide-react/icons/inbox";
import Link2 from "lucide-react/icons/link";
import Reply from "lucide-react/icons/reply";
import Trash2 from "lucide-react/icons/trash-2";
import { useState } from "react";
import { OnDemand, preloadOnIntent, ReportModal } from "../dialogs/onDemand.tsx";
import { dateTimeFormat } from "../time/formatters.ts";
import { CommentForm } from "./CommentForm.tsx";
import { CommentVoteButtons } from "./CommentVoteButtons.tsx";
import { commentLink, failureMessage, indentPx, isDimmed } from "./commentRules.ts";
import { deactivateComment, deleteComment, postReply, reportComment } from "./commentsApi.ts";

export interface ThreadContext {
  user: SignedInUser | null;
  /** Refetches the thread after a change. */
  refresh(): void;
  /** Opens the login prompt (commenting, replying and reporting need sign-in). */
  askLogin(): void;
}

const DEACTIVATE_COPY: Record<DeactivateAction, { prompt: string; success: string; failure: string }> = {
  hide: {
    prompt: `Reason for hiding this comment (optional; default: '${COMMENT_MESSAGES.hiddenByModerator}')`,
    success: COMMENT_MESSAGES.hidden,
    failure: COMMENT_MESSAGES.failedToHide,
  },
  queue: {
    prompt: `Reason for sending this comment to the moderation queue (optional; default: '${COMMENT_MESSAGES.sentToQueueByAdmin}')`,
    success: COMMENT_MESSAGES.sentToQueue,
    failure: COMMENT_MESSAGES.failedToQueue,
  },
};

function formatTime(iso: string) {
  try {
    return dateTimeFormat(undefined, { timeZone: readTimezone(), dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
  } catch {
    return new Date(iso).toLocaleString();
  }
}

/** One comment and, below it, its replies (spec §2 Article page extras, §3 Comment (public)). */
export function CommentItem({ comment, depth, ctx }: { comment: PublicComment; depth: number; ctx: ThreadContext }) {
  return (
    // Each level adds 16 px to its parent's until COMMENT_MAX_VISUAL_DEPTH, then stays put (phones).
    <li
      className="comment"
      style={{ marginInlineStart: indentPx(depth) - indentPx(Math.max(0, depth - 1)) }}
      data-depth={depth}
    >
      {comment.removed ? <RemovedComment comment={comment} /> : <CommentBody comment={comment} ctx={ctx} />}
      {comment.replies.length > 0 && (
        <ul className="comment__replies" aria-label="Replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} ctx={ctx} />
          ))}
        </ul>
      )}
    </li>
  );
}

function RemovedComment({ comment }: { comment: PublicComment }) {
  return (
    <article id={`comment-${comment.id}`} className="comment__body comment__body--removed">
      <p className="comment__removed">{COMMENT_MESSAGES.deletedPlaceholder}</p>
    </article>
  );
}

function CommentBody({ comment, ctx }: { comment: PublicComment; ctx: ThreadContext }) {
  const { user } = ctx;
  const own = user?.id === comment.userId;
  const [replying, setReplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  const tier = reputationTier(comment.userReputation);
  const pending = comment.status !== undefined && comment.status !== "approved";

  const reply = async (content: string) => {
    try {
      const posted = await postReply(comment.id, content);
      toast.success(posted.message);
      setReplying(false);
      ctx.refresh();
    } catch (error) {
      toast.error(failureMessage(error, COMMENT_MESSAGES.failedToReply));
      throw error;
    }
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(commentLink(window.location.pathname, comment.id));
      toast.success(COMMENT_MESSAGES.linkCopied);
    } catch {
      toast.error("Failed to copy to clipboard");
    }
  };

  const remove = async (permanent: boolean) => {
    const question = permanent ? COMMENT_MESSAGES.permanentDeleteConfirm : COMMENT_MESSAGES.deleteConfirm;
    if (!window.confirm(question)) return;
    try {
      await deleteComment(comment.id, permanent);
      toast.success(permanent ? COMMENT_MESSAGES.deletedPermanently : COMMENT_MESSAGES.deleted);
      ctx.refresh();
    } catch (error) {
      toast.error(failureMessage(error, COMMENT_MESSAGES.failedToDelete));
    }
  };

  const deactivate = async (action: DeactivateAction) => {
    const copy = DEACTIVATE_COPY[action];
    const reason = window.prompt(copy.prompt, "");
    if (reason === null) return;
    try {
      await deactivateComment(comment.id, action, reason);
      toast.success(copy.success);
      ctx.refresh();
    } catch (error) {
      toast.error(failureMessage(error, copy.failure));
    }
  };

  return (
    <article
      id={`comment-${comment.id}`}
      className={`comment__body${isDimmed(comment) ? " comment__body--dimmed" : ""}`}
      aria-label={`Comment by ${comment.userName}`}
    >
      <header className="comment__header">
        <span className="comment__author">{comment.userName}</span>
        <span className={`comment__reputation comment__reputation--${tier.color}`} title={tier.label}>
          {comment.userReputation}
        </span>
        {isVerified(comment.userReputation) && (
          <span className="comment__verified">
            <BadgeCheck aria-hidden="true" size={14} />
            {COMMENT_MESSAGES.verifiedBadge}
          </span>
        )}
        {comment.status && (
          <span className={`comment__status comment__status--${pending ? "pending" : "approved"}`}>
            {pending ? COMMENT_MESSAGES.pendingBadge : "Approved"}
          </span>
        )}
        <time className="comment__time" dateTime={comment.timestamp}>
          {formatTime(comment.timestamp)}
        </time>
      </header>
      {/* Plain text, rendered as text: React escapes it; white-space keeps the author's line breaks. */}
      <p className="comment__content">{comment.content}</p>
      <div className="comment__actions">
        <CommentVoteButtons comment={comment} signedIn={Boolean(user)} own={own} refetch={ctx.refresh} />
        {!pending && (
          <button type="button" className="comment__action" onClick={() => (user ? setReplying(true) : ctx.askLogin())}>
            <Reply aria-hidden="true" size={14} /> Reply
          </button>
        )}
        {!own && (
          <button
            type="button"
            className="comment__action"
            onClick={() => (user ? setReporting(true) : ctx.askLogin())}
            {...(user ? preloadOnIntent(ReportModal) : {})}
          >
            <Flag aria-hidden="true" size={14} /> Report
          </button>
        )}
        <button type="button" className="comment__action" onClick={() => void copyLink()}>
          <Link2 aria-hidden="true" size={14} /> Copy link
        </button>
        {own && (
          <button type="button" className="comment__action" onClick={() => void remove(false)}>
            <Trash2 aria-hidden="true" size={14} /> Delete
          </button>
        )}
        {isStaff(user) && !pending && (
          <>
            <button type="button" className="comment__action" onClick={() => void deactivate("hide")}>
              <EyeOff aria-hidden="true" size={14} /> Hide
            </button>
            <button type="button" className="comment__action" onClick={() => void deactivate("queue")}>
              <Inbox aria-hidden="true" size={14} /> Send to queue
            </button>
          </>
        )}
        {user?.role === "admin" && (
          <button type="button" className="comment__action comment__action--danger" onClick={() => void remove(true)}>
            <Trash2 aria-hidden="true" size={14} /> Delete permanently
          </button>
        )}
      </div>
      {replying && <CommentForm kind="reply" submit={reply} onCancel={() => setReplying(false)} autoFocus />}
      <OnDemand when={reporting}>
        <ReportModal
          open
          onClose={() => setReporting(false)}
          heading="Report Comment"
          itemTitle={comment.content}
          submit={(reason) => reportComment(comment.id, reason)}
          successMessage={COMMENT_MESSAGES.reported}
          failureMessage={COMMENT_MESSAGES.failedToReport}
        />
      </OnDemand>
    </article>
  );
}
