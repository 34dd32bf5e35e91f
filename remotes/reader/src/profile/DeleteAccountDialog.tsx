// 'Delete my account' (ADR 017): the reader chooses what happens to their comments and types DELETE,
// which alone enables the button. The server checks both again, and refuses a sign-in older than 10
// minutes with a message that is shown here as it comes. A banned reader is told, before confirming,
// that the ban outlives the account. After a deletion the page signs out and goes home, saying so.
import "./yourData.css";
import { ApiRequestError, Button, Modal, useAuth, useNavigate, useSWR, useTimeZone } from "@unbiased/web-shared";
import {
  ACCOUNT_BAN_PATH,
  ACCOUNT_MESSAGES,
  CARRIED_BAN_MAX_WORDS,
  type CommentChoice,
  DELETE_CONFIRMATION,
  type OwnBan,
  RECENT_SIGN_IN_MINUTES,
} from "@unbiased/worker-shared/contracts/account";
import { type FormEvent, useId, useState } from "react";
import { shortDateTime } from "../time/dateTime.ts";
import { deleteMyAccount, fetchOwnBan } from "./accountApi.ts";

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose(): void;
}

const CHOICES: { value: CommentChoice; label: string; note: string }[] = [
  {
    value: "delete",
    label: "Delete my comments",
    note: "A comment someone replied to stays as “This comment was removed.” so their reply still reads.",
  },
  {
    value: "keep",
    label: "Keep my comments, without my name",
    note: "They stay under '[deleted]', with no name or picture.",
  },
];

export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const id = useId();
  const { endSession } = useAuth();
  const navigate = useNavigate();
  const [comments, setComments] = useState<CommentChoice>("delete");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirmed = typed === DELETE_CONFIRMATION;

  const close = () => {
    setTyped("");
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || deleting) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteMyAccount(comments);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : ACCOUNT_MESSAGES.deleteFailed);
      setDeleting(false);
      return;
    }
    endSession(ACCOUNT_MESSAGES.deleted);
    navigate("/", { replace: true });
  };

  return (
    <Modal open={open} title="Delete my account" onClose={close} closable={!deleting}>
      <form className="ui-form delete-account" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>
          Your account, votes, reports and submissions are deleted now, and your votes are taken out of every count.
          This cannot be undone. You need to have signed in within the last {RECENT_SIGN_IN_MINUTES} minutes.
        </p>
        <BanNotice open={open} />
        <fieldset className="delete-account__choices" disabled={deleting}>
          <legend>Your comments</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="delete-account__choice">
              <input
                type="radio"
                name={`${id}-comments`}
                value={choice.value}
                checked={comments === choice.value}
                onChange={() => setComments(choice.value)}
              />
              <span>
                {choice.label}
                <span className="ui-form__note delete-account__note">{choice.note}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-confirm`}>Type {DELETE_CONFIRMATION} to confirm</label>
        <input
          id={`${id}-confirm`}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          disabled={deleting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="delete-account__error" role="alert">
            {error}
          </p>
        )}
        <div className="ui-form__actions">
          <Button onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            className="delete-account__submit"
            disabled={!confirmed || deleting}
            aria-busy={deleting}
          >
            {deleting ? "Deleting…" : "Delete my account"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Said before the reader confirms, when they are banned: deleting the account does not lift the ban.
 * Asked for only while the dialog is open; nothing is shown while it loads or if it fails (the server
 * keeps the ban either way).
 */
function BanNotice({ open }: { open: boolean }) {
  const timeZone = useTimeZone();
  const { data } = useSWR<OwnBan>(open ? ACCOUNT_BAN_PATH : null, fetchOwnBan, { revalidateOnFocus: false });
  if (!data?.banned) return null;
  const until =
    data.expiresAt === null
      ? `for ${CARRIED_BAN_MAX_WORDS}`
      : `until the ban ends (${shortDateTime(data.expiresAt, timeZone)}), and at most ${CARRIED_BAN_MAX_WORDS}`;
  return (
    <p className="delete-account__ban" role="note">
      <strong>Your account is banned.</strong> Deleting it does not lift the ban: to stop the ban from being evaded, we
      keep a keyed fingerprint of the identity you sign in with (your Google account and your e-mail address, not the
      address itself) with the ban's end and reason, {until}. Signing in again with the same identity before then brings
      the ban back.
    </p>
  );
}
