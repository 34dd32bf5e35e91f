// The Adjust dialog of /modme/users (spec §2, §4 "Reputation dialog", §5): a numeric adjustment
// ('Please enter a valid adjustment value'), an optional reason, Adjust Reputation and Cancel. On
// success or Cancel it closes and clears, and the list reloads.

import { Button, Modal, toast } from "@unbiased/web-shared";
import {
  MODERATION_MESSAGES,
  parseAdjustment,
  reputationAdjustedMessage,
  type StaffUserItem,
} from "@unbiased/worker-shared/contracts/moderation";
import { type FormEvent, useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { errorText } from "../ui/format.ts";

export function AdjustDialog({
  user,
  onClose,
  onAdjusted,
}: {
  user: StaffUserItem | null;
  onClose: () => void;
  onAdjusted: () => void;
}) {
  const [adjustment, setAdjustment] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setAdjustment("");
    setReason("");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const n = parseAdjustment(adjustment);
    if (n === null) {
      toast.error(MODERATION_MESSAGES.adjustmentInvalidUsers);
      return;
    }
    setBusy(true);
    try {
      await modmeApi.adjustReputation(user.userId, n, reason.trim());
      toast.success(reputationAdjustedMessage(n));
      reset();
      onAdjusted();
    } catch (error) {
      toast.error(errorText(error, MODERATION_MESSAGES.adjustFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={`Adjust Reputation${user ? ` · ${user.name || "Unknown User"}` : ""}`}
      closable={!busy}
      onClose={() => {
        reset();
        onClose();
      }}
    >
      <form className="ui-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="ui-form__note">Current reputation: {user?.reputationScore ?? 0}</p>
        <label htmlFor="users-adjust-points">Adjustment</label>
        <input
          id="users-adjust-points"
          type="number"
          step={1}
          value={adjustment}
          onChange={(e) => setAdjustment(e.target.value)}
          disabled={busy}
        />
        <label htmlFor="users-adjust-reason">Reason (optional)</label>
        <input id="users-adjust-reason" value={reason} onChange={(e) => setReason(e.target.value)} disabled={busy} />
        <div className="ui-form__actions">
          <Button type="submit" variant="primary" disabled={busy || adjustment.trim() === ""}>
            Adjust Reputation
          </Button>
          <Button
            disabled={busy}
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
