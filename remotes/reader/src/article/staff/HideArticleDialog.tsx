import { Button, Modal } from "@unbiased/web-shared";
import { type FormEvent, useId, useState } from "react";

/** The server's limit on a hide reason (contracts' HideArticleSchema). */
const MAX_REASON_LENGTH = 1000;

export interface HideArticleDialogProps {
  open: boolean;
  onCancel(): void;
  /** Hides with this (trimmed, non-empty) reason; resolves to false if it failed. */
  onHide(reason: string): Promise<boolean>;
}

/**
 * The reason prompt before hiding an article (spec §4, §5 Hide article): an accessible stand-in for
 * window.prompt. A reason is required: Cancel, Esc, or an empty reason hides nothing.
 */
export function HideArticleDialog({ open, onCancel, onHide }: HideArticleDialogProps) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const blank = reason.trim() === "";

  const cancel = () => {
    setReason("");
    onCancel();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || submitting) return; // as a cancelled or empty prompt: nothing happens
    setSubmitting(true);
    const hidden = await onHide(reason.trim());
    setSubmitting(false);
    if (hidden) setReason("");
  };

  return (
    <Modal open={open} title="Hide article" onClose={cancel} closable={!submitting}>
      <form className="ui-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={submitting}>
        <label htmlFor={`${id}-reason`}>Reason for hiding</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          required
          rows={3}
          maxLength={MAX_REASON_LENGTH}
          disabled={submitting}
          aria-describedby={`${id}-note`}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={`${id}-note`} className="ui-form__note">
          Required. The article leaves every feed; the reason goes to the moderation log.
        </p>
        <div className="ui-form__actions">
          <Button onClick={cancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={blank || submitting}>
            {submitting ? "Hiding…" : "Hide article"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
