// The Reject dialog (spec §2, §5 "Temporary ban"): ban type none / temporary / permanent, hours
// 1–8760 (default 24) for a temporary ban, and a reason.

import { Modal } from "@unbiased/web-shared";
import {
  BAN_HOURS_DEFAULT,
  BAN_HOURS_MAX,
  BAN_HOURS_MIN,
  MODERATION_MESSAGES,
  type RejectBanType,
} from "@unbiased/worker-shared/contracts/moderation";
import { type FormEvent, useState } from "react";
import { DialogActions, type ReasonDialogProps, ReasonField } from "./ReasonDialogParts.tsx";

export interface RejectChoice {
  banType: RejectBanType;
  hours: number;
  reason: string;
}

export function RejectDialog({ open, busy, onCancel, onConfirm }: ReasonDialogProps<RejectChoice>) {
  const [banType, setBanType] = useState<RejectBanType>("none");
  const [hours, setHours] = useState(String(BAN_HOURS_DEFAULT));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setBanType("none");
    setHours(String(BAN_HOURS_DEFAULT));
    setReason("");
    setError(null);
    onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(hours);
    if (banType === "temporary" && (!Number.isInteger(n) || n < BAN_HOURS_MIN || n > BAN_HOURS_MAX)) {
      setError(MODERATION_MESSAGES.banHoursRange);
      return;
    }
    onConfirm({ banType, hours: banType === "temporary" ? n : BAN_HOURS_DEFAULT, reason: reason.trim() });
  };

  return (
    <Modal open={open} title="Reject Comment" onClose={close} closable={!busy}>
      <form className="ui-form" onSubmit={submit} noValidate>
        <label htmlFor="reject-ban-type">Ban type</label>
        <select
          id="reject-ban-type"
          value={banType}
          onChange={(e) => setBanType(e.target.value as RejectBanType)}
          disabled={busy}
        >
          <option value="none">No ban</option>
          <option value="temporary">Temporary ban</option>
          <option value="permanent">Permanent ban</option>
        </select>
        {banType === "temporary" && (
          <>
            <label htmlFor="reject-hours">Ban hours</label>
            <input
              id="reject-hours"
              type="number"
              min={BAN_HOURS_MIN}
              max={BAN_HOURS_MAX}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              aria-invalid={error ? true : undefined}
              disabled={busy}
            />
          </>
        )}
        <ReasonField id="reject-reason" label="Reason" value={reason} onChange={setReason} busy={busy} />
        {error && (
          <p className="modme-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions confirm="Reject" confirming="Rejecting..." busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}
