// One comment in the review queue (spec §2 "/modme/comments"): author, text, reports, the author's
// reputation panel and the actions of its tab.

import { Button, Link } from "@unbiased/web-shared";
import type { ModerationComment } from "@unbiased/worker-shared/contracts/moderation";
import { dateTime } from "../ui/format.ts";
import { ReputationPanel } from "../ui/Reputation.tsx";

export interface CommentCardProps {
  comment: ModerationComment;
  tab: "pending" | "approved";
  highlighted: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onDeactivate: () => void;
}

export function CommentCard({ comment, tab, highlighted, busy, onApprove, onReject, onDeactivate }: CommentCardProps) {
  return (
    <article
      id={`modme-comment-${comment.id}`}
      className={`modme-comment${highlighted ? " modme-comment--highlight" : ""}`}
      aria-label={`Comment by ${comment.user_name}`}
    >
      <header className="modme-comment__header">
        <div>
          <strong>{comment.user_name}</strong> <span className="modme-muted">{comment.user_email}</span>
        </div>
        <time dateTime={comment.created_at} className="modme-muted">
          {dateTime(comment.created_at)}
        </time>
      </header>
      <p className="modme-comment__content">{comment.content}</p>
      <p className="modme-muted modme-comment__meta">
        On <a href={`/article/${comment.article_id}#comment-${comment.id}`}>article {comment.article_id}</a>
        {comment.parent_id && <> · Reply to {comment.parent_id}</>}
        {comment.status_reason && <> · {comment.status_reason}</>}
      </p>
      {comment.report_count > 0 && (
        <div className="modme-comment__reports" role="note">
          <strong>
            Reported {comment.report_count} {comment.report_count === 1 ? "time" : "times"}
          </strong>
          <ul>
            {comment.report_reasons.map((reason, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reasons repeat and have no id
              <li key={i}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      <ReputationPanel
        score={comment.reputation_score}
        upvotes={comment.total_upvotes}
        downvotes={comment.total_downvotes}
        approved={comment.approved_comments}
      />
      <div className="modme-actions">
        {tab === "pending" ? (
          <>
            <Button variant="primary" disabled={busy} onClick={onApprove}>
              Approve
            </Button>
            <Button disabled={busy} onClick={onReject}>
              Reject
            </Button>
          </>
        ) : (
          <Button disabled={busy} onClick={onDeactivate}>
            Deactivate
          </Button>
        )}
        <Link to={`/modme/user/${encodeURIComponent(comment.user_id)}/comments`} className="ui-button ui-button--ghost">
          View User
        </Link>
      </div>
    </article>
  );
}
