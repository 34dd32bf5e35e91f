// Its stylesheet is imported by dialogs/onDemand.tsx, so it stays in the page's CSS (see there).
import { Button, Modal } from "@unbiased/web-shared";
import { OTHER_REPORT_REASON, REPORT_REASONS } from "@unbiased/worker-shared/contracts/articles";
import { type FormEvent, useId, useState } from "react";
import { checkReport, reportFailureMessage } from "./reportRules.ts";

/** The server's limit on a report's reason (contracts' ReportSchema). */
const MAX_REASON_LENGTH = 1000;

export interface ReportModalProps {
  open: boolean;
  onClose(): void;
  /** "Report Article" or "Report Comment". */
  heading: string;
  /** The reported item's title or text, shown clamped to two lines. */
  itemTitle: string;
  /** Sends the report; rejects with the API error. */
  submit(reason: string): Promise<void>;
  successMessage: string;
  /** Shown when the server failed without saying why. */
  failureMessage: string;
}

/**
 * Report Article/Comment (spec §2 Modals, §5 Report). Outcomes are told by browser alerts, as the
 * spec says, so they are read out and acknowledged before the reader moves on.
 */
export function ReportModal({
  open,
  onClose,
  heading,
  itemTitle,
  submit,
  successMessage,
  failureMessage,
}: ReportModalProps) {
  const id = useId();
  const [choice, setChoice] = useState("");
  const [details, setDetails] = useState("");
  const [submitting, setSubmitting] = useState(false);

  const close = () => {
    setChoice("");
    setDetails("");
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkReport(choice, details);
    if (!check.ok) {
      window.alert(check.message);
      return;
    }
    setSubmitting(true);
    try {
      await submit(check.reason);
    } catch (error) {
      window.alert(reportFailureMessage(error, failureMessage));
      return;
    } finally {
      setSubmitting(false);
    }
    window.alert(successMessage);
    close();
  };

  return (
    <Modal open={open} title={heading} onClose={close} closable={!submitting}>
      <form className="ui-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p className="report-form__item" title={itemTitle}>
          {itemTitle}
        </p>
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select
          id={`${id}-reason`}
          value={choice}
          required
          disabled={submitting}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">Select a reason</option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
        {choice === OTHER_REPORT_REASON && (
          <>
            <label htmlFor={`${id}-details`}>Details</label>
            <textarea
              id={`${id}-details`}
              value={details}
              required
              rows={4}
              maxLength={MAX_REASON_LENGTH}
              disabled={submitting}
              placeholder="What is wrong with it?"
              onChange={(event) => setDetails(event.target.value)}
            />
          </>
        )}
        <div className="ui-form__actions">
          <Button onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={submitting} aria-busy={submitting}>
            {submitting ? "Submitting…" : "Submit Report"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
