// Pure rules of the comment thread UI (spec §2, §5, §9), kept apart from React so they are tested alone.
import { ApiRequestError } from "@unbiased/web-shared";
import {
  COMMENT_DIM_BELOW_SCORE,
  COMMENT_INDENT_PX,
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_VISUAL_DEPTH,
  COMMENT_MESSAGES,
  COMMENT_MIN_LENGTH,
  type PublicComment,
} from "@unbiased/worker-shared/contracts/comments";

export const canSubmit = (text: string) => {
  const length = text.trim().length;
  return length >= COMMENT_MIN_LENGTH && length <= COMMENT_MAX_LENGTH;
};

export const counterText = (text: string) => `${text.length}/${COMMENT_MAX_LENGTH}`;

/** Past the limit the server would refuse (spec §5: the trimmed text is at most 8000 characters). */
export const isTooLong = (text: string) => text.trim().length > COMMENT_MAX_LENGTH;

/**
 * Spec §5's message, word for word, while the text is over the limit; null while it fits. The form
 * shows it rather than leaving the reader at a disabled button with no reason given.
 */
export const tooLongMessage = (kind: "comment" | "reply", text: string): string | null => {
  if (!isTooLong(text)) return null;
  return kind === "comment" ? COMMENT_MESSAGES.commentTooLong : COMMENT_MESSAGES.replyTooLong;
};

export const isDimmed = (comment: Pick<PublicComment, "upvotes" | "downvotes">) =>
  comment.upvotes - comment.downvotes < COMMENT_DIM_BELOW_SCORE;

/** 16 px per depth, capped so a deep thread stays readable on a phone. */
export const indentPx = (depth: number) => Math.min(depth, COMMENT_MAX_VISUAL_DEPTH) * COMMENT_INDENT_PX;

/** Every comment in the thread, replies included (placeholders are not comments). */
export function countComments(comments: PublicComment[]): number {
  let n = 0;
  const stack = [...comments];
  for (let c = stack.pop(); c; c = stack.pop()) {
    if (!c.removed) n++;
    stack.push(...c.replies);
  }
  return n;
}

/** The server's error text for a refusal it explained, else the spec's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

/** The address of one comment, for Copy link. */
export const commentLink = (articlePath: string, commentId: string) =>
  `${window.location.origin}${articlePath}#comment-${commentId}`;
