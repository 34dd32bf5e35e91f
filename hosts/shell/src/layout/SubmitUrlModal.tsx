import { Button, Modal } from "@unbiased/web-shared";
import { SUBMIT_URL_MESSAGES } from "@unbiased/worker-shared/contracts/ingest";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { SUBMIT_URL_CLOSE_DELAY_MS, submitUrl, submitUrlFailureMessage } from "./submitUrl.ts";

type Outcome = { kind: "success" } | { kind: "error"; message: string } | null;

/**
 * Submit URL (spec §2 Modals, §4, §5, §8): idle → submitting (nothing can be edited or closed, not
 * even by Esc or the backdrop) → success (thanks, cleared input, closes after 1 s) or error.
 * The form validates itself (noValidate) so every message is the spec's and is read out, rather
 * than the browser's tooltip; the server checks the URL properly (scheme, public host).
 */
export function SubmitUrlModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [url, setUrl] = useState("");
  // Set once the reader has typed: an untouched empty field is not yet an error worth announcing.
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Every opening starts afresh: no URL, message or pending close from the last one.
  const close = () => {
    clearTimeout(closeTimer.current);
    setUrl("");
    setTouched(false);
    setOutcome(null);
    onClose();
  };

  const blank = url.trim() === "";
  const succeeded = outcome?.kind === "success";
  const error = outcome?.kind === "error" ? outcome.message : touched && blank ? SUBMIT_URL_MESSAGES.empty : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || succeeded) return;
    if (blank) {
      setTouched(true);
      setOutcome({ kind: "error", message: SUBMIT_URL_MESSAGES.empty });
      return;
    }
    setSubmitting(true);
    setOutcome(null);
    try {
      await submitUrl(url.trim());
    } catch (failure) {
      setOutcome({ kind: "error", message: submitUrlFailureMessage(failure) });
      return;
    } finally {
      setSubmitting(false);
    }
    setUrl("");
    setTouched(false);
    setOutcome({ kind: "success" });
    closeTimer.current = setTimeout(close, SUBMIT_URL_CLOSE_DELAY_MS);
  };

  return (
    <Modal open={open} title="Submit URL" onClose={close} closable={!submitting}>
      <form className="ui-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={submitting}>
        <p id={`${id}-intro`}>
          Found a newsworthy article? Submit its URL and we will process it into a short summary for everyone.
        </p>
        <label htmlFor={`${id}-url`}>URL</label>
        <input
          id={`${id}-url`}
          name="url"
          type="url"
          required
          autoComplete="url"
          placeholder="https://example.com/news/story"
          value={url}
          disabled={submitting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-intro`}
          onChange={(event) => {
            setUrl(event.target.value);
            setTouched(true);
            // A new address makes the last outcome stale; the empty-field hint is computed afresh.
            if (!submitting) setOutcome(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="submit-url-form__error" role="alert">
            {error}
          </p>
        )}
        {/* Always present, so the thank-you is announced when it appears. */}
        <p className="submit-url-form__success" role="status">
          {succeeded ? SUBMIT_URL_MESSAGES.success : ""}
        </p>
        <div className="ui-form__actions">
          <Button onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={blank || submitting || succeeded}>
            {submitting ? "Submitting…" : "Submit"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
