// The parts the Reject and Deactivate dialogs share: the free-text reason sent with the action and the
// confirm/cancel row, both disabled while the request runs so it cannot be sent twice.
import { Button } from "@unbiased/web-shared";

/** What a comment page passes to either dialog; `Choice` is what the moderator confirmed. */
export interface ReasonDialogProps<Choice> {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (choice: Choice) => void;
}

export function ReasonField({
  id,
  label,
  value,
  onChange,
  busy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (reason: string) => void;
  busy: boolean;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={busy} />
    </>
  );
}

export function DialogActions({
  confirm,
  confirming,
  busy,
  onCancel,
}: {
  /** The submit button's label, and the one it shows while the request runs. */
  confirm: string;
  confirming: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="ui-form__actions">
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? confirming : confirm}
      </Button>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}
