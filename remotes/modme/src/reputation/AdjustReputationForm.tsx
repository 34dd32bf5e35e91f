// The Adjust Reputation form of /modme/reputation (spec §5): an integer ('Adjustment must be a valid
// number'), an optional reason; the button is disabled while the field is empty.

import { Button, toast } from "@unbiased/web-shared";
import {
  MODERATION_MESSAGES,
  parseAdjustment,
  reputationAdjustedMessage,
  type UserReputationRecord,
} from "@unbiased/worker-shared/contracts/moderation";
import { type FormEvent, useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { errorText } from "../ui/format.ts";

export function AdjustReputationForm({
  userId,
  onAdjusted,
}: {
  userId: string;
  onAdjusted: (record: UserReputationRecord) => void;
}) {
  const [adjustment, setAdjustment] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = parseAdjustment(adjustment);
    if (n === null) {
      setError(MODERATION_MESSAGES.adjustmentInvalidReputation);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const record = await modmeApi.adjustReputation(userId, n, reason.trim());
      toast.success(reputationAdjustedMessage(n));
      setAdjustment("");
      setReason("");
      onAdjusted(record);
    } catch (failure) {
      toast.error(errorText(failure, MODERATION_MESSAGES.adjustFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ui-form modme-adjust" onSubmit={(e) => void submit(e)} noValidate>
      <h3>Adjust Reputation</h3>
      <label htmlFor="adjust-points">Adjustment (points, e.g. 5 or -3)</label>
      <input
        id="adjust-points"
        inputMode="numeric"
        value={adjustment}
        onChange={(e) => setAdjustment(e.target.value)}
        aria-invalid={error ? true : undefined}
        disabled={busy}
      />
      <label htmlFor="adjust-reason">Reason (optional)</label>
      <input id="adjust-reason" value={reason} onChange={(e) => setReason(e.target.value)} disabled={busy} />
      {error && (
        <p className="modme-error" role="alert">
          {error}
        </p>
      )}
      <div className="ui-form__actions">
        <Button type="submit" variant="primary" disabled={busy || adjustment.trim() === ""}>
          Adjust Reputation
        </Button>
      </div>
    </form>
  );
}
