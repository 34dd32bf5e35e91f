import "./comments.css";
import {
  Button,
  earlyAction,
  handleEarlyTaps,
  LoginRequiredModal,
  Spinner,
  toast,
  useAuth,
  useSWR,
} from "@unbiased/web-shared";
import { COMMENT_BOTTOM_BUTTON_AFTER, COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import MessageSquare from "lucide-react/icons/message-square";
import { useEffect, useRef, useState } from "react";
import { CommentForm } from "./CommentForm.tsx";
import { CommentItem, type ThreadContext } from "./CommentItem.tsx";
import { countComments, failureMessage } from "./commentRules.ts";
import { fetchThread, postComment, threadKey } from "./commentsApi.ts";

/**
 * The comment thread under an article (spec §2 Article page extras): the form, nested replies, and the
 * post-comment button again at the bottom once there are more than 10 comments. Its id is the
 * #comments-section target of useHashTarget; each comment is #comment-{id}.
 */
export function CommentsSection({ articleId }: { articleId: string }) {
  const { user } = useAuth();
  const { data, error, isLoading, mutate } = useSWR(threadKey(articleId, user?.id ?? null), () =>
    fetchThread(articleId),
  );
  const [loginOpen, setLoginOpen] = useState(false);
  const formRef = useRef<HTMLTextAreaElement>(null);

  const ctx: ThreadContext = { user, refresh: () => void mutate(), askLogin: () => setLoginOpen(true) };
  const count = data ? countComments(data.comments) : 0;

  const post = async (content: string) => {
    try {
      const posted = await postComment(articleId, content);
      toast.success(posted.message);
      void mutate();
    } catch (err) {
      toast.error(failureMessage(err, COMMENT_MESSAGES.failedToPost));
      throw err;
    }
  };

  const goToForm = () => {
    if (!user) {
      setLoginOpen(true);
      return;
    }
    formRef.current?.scrollIntoView({ block: "center" });
    formRef.current?.focus();
  };
  const latestGoToForm = useRef(goToForm);
  latestGoToForm.current = goToForm;

  // 'Log in to comment' tapped before the page was ready (the first HTML is the signed-out page): a
  // signed-in reader is taken to the form, a signed-out one gets the login prompt.
  useEffect(
    () =>
      handleEarlyTaps("comment", ({ key }) => {
        if (key === articleId) latestGoToForm.current();
      }),
    [articleId],
  );

  return (
    <section id="comments-section" className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments__heading">
        <MessageSquare aria-hidden="true" size={20} />
        Comments {data && <span className="comments__count">({data.total})</span>}
      </h2>
      {user ? (
        <CommentForm kind="comment" submit={post} textareaRef={formRef} />
      ) : (
        <p className="comments__signin">
          <Button onClick={() => setLoginOpen(true)} {...earlyAction("comment", articleId)}>
            Log in to comment
          </Button>
        </p>
      )}
      {isLoading && <Spinner label="Loading comments…" />}
      {error && !data && (
        <p className="comments__error" role="alert">
          {COMMENT_MESSAGES.failedToLoad}
        </p>
      )}
      {data && data.comments.length === 0 && <p className="comments__empty">No comments yet. Be the first.</p>}
      {data && data.comments.length > 0 && (
        <ul className="comments__list">
          {data.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} depth={0} ctx={ctx} />
          ))}
        </ul>
      )}
      {count > COMMENT_BOTTOM_BUTTON_AFTER && (
        <p className="comments__bottom">
          <Button variant="primary" onClick={goToForm}>
            Post a comment
          </Button>
        </p>
      )}
      <LoginRequiredModal open={loginOpen} onClose={() => setLoginOpen(false)} />
    </section>
  );
}
