// The Deactivate dialog (spec §2, §4): an approved comment goes back to the moderation queue,
// hidden from readers, −2 reputation to its author and an e-mail to them. The reason is optional.

import { Modal } from "@unbiased/web-shared";
import { type FormEvent, useState } from "react";
import { DialogActions, type ReasonDialogProps, ReasonField } from "./ReasonDialogParts.tsx";

export function DeactivateDialog({ open, busy, onCancel, onConfirm }: ReasonDialogProps<string>) {
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
        <ReasonField id="deactivate-reason" label="Reason (optional)" value={reason} onChange={setReason} busy={busy} />
        <DialogActions confirm="Deactivate" confirming="Deactivating..." busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}
