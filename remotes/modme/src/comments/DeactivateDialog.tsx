// The Deactivate dialog (spec §2, §4): an approved comment goes back to the moderation queue,
// hidden from readers, −2 reputation to its author and an e-mail to them. The reason is optional.
import { useState, type FormEvent } from "react";
import { Button, Modal } from "@unbiased/web-shared";

export function DeactivateDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const close = () => {
    setReason("");
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <Modal open={open} title="Deactivate Comment" onClose={close} closable={!busy}>
      <form className="ui-form" onSubmit={submit} noValidate>
        <p className="ui-form__note">
          The comment is hidden from readers and returns to the pending queue. Its author loses 2 reputation points and
          is told by e-mail.
        </p>
        <label htmlFor="deactivate-reason">Reason (optional)</label>
        <textarea id="deactivate-reason" value={reason} onChange={(e) => setReason(e.target.value)} disabled={busy} />
        <div className="ui-form__actions">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Deactivating..." : "Deactivate"}
          </Button>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
