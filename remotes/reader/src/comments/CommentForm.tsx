import { Button } from "@unbiased/web-shared";
import { COMMENT_MAX_LENGTH } from "@unbiased/worker-shared/contracts/comments";
import { type FormEvent, type Ref, useId, useState } from "react";
import { canSubmit, counterText, tooLongMessage } from "./commentRules.ts";

export interface CommentFormProps {
  kind: "comment" | "reply";
  /** Sends the text; resolves when posted (the form clears), rejects to keep the text. */
  submit(content: string): Promise<void>;
  onCancel?(): void;
  textareaRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
}

/**
 * Spec §5 Comment and reply: counter n/8000, submit disabled under 3 trimmed characters; over 8000
 * the counter turns red and the spec's message says why the button is off.
 */
export function CommentForm({ kind, submit, onCancel, textareaRef, autoFocus }: CommentFormProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const label = kind === "comment" ? "Add a comment" : "Write a reply";
  const tooLong = tooLongMessage(kind, text);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit(text) || sending) return;
    setSending(true);
    try {
      await submit(text.trim());
      setText("");
    } catch {
      // The caller showed why; the text stays so nothing typed is lost.
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="comment-form" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        className="comment-form__input"
        value={text}
        maxLength={COMMENT_MAX_LENGTH + 200}
        rows={kind === "comment" ? 4 : 3}
        placeholder={kind === "comment" ? "Share your thoughts…" : "Write a reply…"}
        onChange={(event) => setText(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: a reply form opens because the reader asked to reply.
        autoFocus={autoFocus}
        aria-describedby={tooLong ? `${id}-counter ${id}-error` : `${id}-counter`}
        aria-invalid={tooLong ? true : undefined}
      />
      {tooLong && (
        <p id={`${id}-error`} className="comment-form__error" role="alert">
          {tooLong}
        </p>
      )}
      <div className="comment-form__footer">
        <span
          id={`${id}-counter`}
          className={tooLong ? "comment-form__counter comment-form__counter--over" : "comment-form__counter"}
          aria-live="polite"
        >
          {counterText(text)}
        </span>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={!canSubmit(text) || sending} aria-busy={sending}>
          {kind === "comment" ? "Post comment" : "Post reply"}
        </Button>
      </div>
    </form>
  );
}
