// The profile's opt-in to the daily e-mail digest of unread inbox entries (docs/decisions/026-inbox.md):
// off until the reader turns it on; a change shows at once and goes back, with a toast, if the
// server refused it.
import "./digestChoice.css";
import { apiFetch, toast, useSWR } from "@unbiased/web-shared";
import { DIGEST_MESSAGES, type DigestChoiceResponse } from "@unbiased/worker-shared/contracts/inbox";
import { useId } from "react";

const digestKey = (userId: string) => ["digest", userId] as const;
const fetchChoice = async () => (await apiFetch<DigestChoiceResponse>("/api/auth/me/digest")).data.subscribed;

export function DigestChoice({ userId }: { userId: string }) {
  const id = useId();
  const { data: subscribed, error, mutate } = useSWR(digestKey(userId), fetchChoice);
  const change = async (next: boolean) => {
    await mutate(next, { revalidate: false });
    try {
      await apiFetch<DigestChoiceResponse>("/api/auth/me/digest", { method: "PUT", body: { subscribed: next } });
    } catch {
      await mutate(!next, { revalidate: false });
      toast.error(DIGEST_MESSAGES.saveFailed);
    }
  };
  return (
    <div className="profile-field digest-choice">
      <div className="digest-choice__row">
        <input
          id={id}
          type="checkbox"
          checked={subscribed ?? false}
          disabled={subscribed === undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
        />
        <label htmlFor={id}>E-mail me a daily digest of unread notifications</label>
      </div>
      <p id={`${id}-hint`} className="digest-choice__hint">
        {error
          ? DIGEST_MESSAGES.loadFailed
          : "At most one e-mail a day, none when nothing is new, and a one-click unsubscribe in each."}
      </p>
    </div>
  );
}
