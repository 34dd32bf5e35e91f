// /modme/user/{userId}/comments (spec §2): the user's header, each comment with its status badge,
// time, votes, a 200-character preview, id and parent, links opening the article and the comment in
// a new tab; 50 a page with a window of 5 page numbers and 'Showing x to y of z comments'.

import { Button, useNavigate, useParams } from "@unbiased/web-shared";
import { MODERATION_MESSAGES, USER_COMMENTS_PAGE_SIZE } from "@unbiased/worker-shared/contracts/moderation";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { useStaffData } from "../data/useStaffData.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { dateTime, errorText, preview, showingText } from "../ui/format.ts";
import { LoadState } from "../ui/LoadState.tsx";
import { EmptyState, ModmePage } from "../ui/ModmePage.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { StatusBadge } from "../ui/Reputation.tsx";

export function UserCommentsPage() {
  const { userId = "" } = useParams();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const result = useStaffData(userId ? `modme:user-comments:${userId}:${page}` : null, () =>
    modmeApi.userComments(userId, page),
  );
  const back = (
    <Button onClick={() => navigate("/modme/users")}>
      <ArrowLeft aria-hidden="true" size={16} /> Back to Users
    </Button>
  );

  if (!userId.trim()) {
    return (
      <ModmePage title={PAGE_FRAMES.userComments.title} actions={back}>
        <EmptyState title="No User Specified" />
      </ModmePage>
    );
  }

  const data = result.data;
  return (
    <ModmePage title={data ? `Comments by ${data.user.name}` : PAGE_FRAMES.userComments.title} actions={back}>
      {data && (
        <p className="modme-muted">
          {data.user.email} · {data.user.totalComments} total comments
        </p>
      )}
      <LoadState
        result={result}
        failed={errorText(result.error, MODERATION_MESSAGES.fetchUserCommentsFailed)}
        isEmpty={(loaded) => loaded.comments.length === 0}
        empty={<EmptyState title="No comments found" />}
      >
        {(loaded) => (
          <>
            <p className="modme-muted">
              {showingText(page, USER_COMMENTS_PAGE_SIZE, loaded.pagination.total, "comments")}
            </p>
            <div className="modme-list">
              {loaded.comments.map((c) => (
                <article key={c.id} className="modme-comment" aria-label={`Comment ${c.id}`}>
                  <header className="modme-comment__header">
                    <StatusBadge status={c.status} />
                    <time className="modme-muted" dateTime={c.createdAt}>
                      {dateTime(c.createdAt)}
                    </time>
                  </header>
                  <p className="modme-comment__content">{preview(c.content)}</p>
                  <p className="modme-muted modme-comment__meta">
                    ▲ {c.upvotes} · ▼ {c.downvotes} · score {c.score} · ID <span className="modme-id">{c.id}</span>
                    {c.parentId && <> · Reply to {c.parentId}</>}
                  </p>
                  <div className="modme-actions">
                    <a href={`/article/${encodeURIComponent(c.articleId)}`} target="_blank" rel="noreferrer">
                      Open article
                    </a>
                    <a
                      href={`/article/${encodeURIComponent(c.articleId)}#comment-${encodeURIComponent(c.id)}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      Open comment
                    </a>
                  </div>
                </article>
              ))}
            </div>
            <Pagination page={page} totalPages={loaded.pagination.totalPages} onPage={setPage} />
          </>
        )}
      </LoadState>
    </ModmePage>
  );
}
