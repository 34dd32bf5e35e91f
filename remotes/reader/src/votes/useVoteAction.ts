// The voting rules of spec §4, for anything with up/down votes (articles now, comments later): an
// optimistic update; clicks ignored while a vote is in flight or within 500 ms of the last one; on
// success the server's answer replaces the guess and the vote is fetched again 10 s later; on failure
// the previous state comes back with a message. Signed-out clicks go to `onSignedOut`. A click made
// while sign-in is still being checked (just after the page is ready) waits for it, then sets that
// vote: the buttons showed no vote of the reader's, so it never toggles one they could not see.

import { ApiRequestError, toast } from "@unbiased/web-shared";
import {
  type UserVoteState,
  VOTE_DEBOUNCE_MS,
  VOTE_LOCK_RELEASE_MS,
  VOTE_MESSAGES,
  type VoteType,
} from "@unbiased/worker-shared/contracts/votes";
import { useCallback, useEffect, useRef, useState } from "react";
import { applyChoice, type VoteState } from "./voteState.ts";

export interface VoteActionOptions {
  /** The state shown now (the cache's). */
  state: VoteState;
  /** null while sign-in is still being checked: a click then waits for it (the last one counts). */
  signedIn: boolean | null;
  onSignedOut(): void;
  /** Shows a state without asking the server (the optimistic guess, the answer, or a rollback). */
  show(state: VoteState): void;
  /** Sends the user's new vote ("none" removes it) and resolves to the server's state. */
  send(userVote: UserVoteState): Promise<VoteState>;
  /** Fetches the state from the server again (10 s after a successful vote). */
  refetch(): void;
  /** Set while a vote is in flight: the caller's cache should not overwrite the guess meanwhile. */
  lock?: { current: boolean };
  /** Message for a failure the server did not explain (defaults to the spec's article message). */
  failedMessage?: string;
}

/** 'Failed to vote. Please try again.' when the network or the server failed; else the server's reason. */
export function voteFailureMessage(error: unknown, fallback: string = VOTE_MESSAGES.failed): string {
  if (error instanceof ApiRequestError && error.status > 0 && error.status < 500) return error.message;
  return fallback;
}

export function useVoteAction(options: VoteActionOptions) {
  const latest = useRef(options);
  latest.current = options;
  const inFlight = useRef(false);
  const lastVoteAt = useRef(Number.NEGATIVE_INFINITY);
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heldChoice = useRef<VoteType | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const vote = useCallback(async (choice: VoteType) => {
    const { signedIn, onSignedOut, state: previous, show, send, lock, failedMessage } = latest.current;
    if (signedIn === null) {
      heldChoice.current = choice;
      setBusy(true);
      return;
    }
    if (!signedIn) {
      onSignedOut();
      return;
    }
    const now = Date.now();
    if (inFlight.current || now - lastVoteAt.current < VOTE_DEBOUNCE_MS) return;
    lastVoteAt.current = now;
    inFlight.current = true;
    if (lock) lock.current = true;
    setBusy(true);
    const guess = applyChoice(previous, choice);
    show(guess);
    try {
      show(await send(guess.userVote));
      clearTimeout(refetchTimer.current);
      refetchTimer.current = setTimeout(() => latest.current.refetch(), VOTE_LOCK_RELEASE_MS);
    } catch (error) {
      show(previous);
      toast.error(voteFailureMessage(error, failedMessage));
    } finally {
      inFlight.current = false;
      if (lock) lock.current = false;
      setBusy(false);
    }
  }, []);

  // Sign-in is known: the held click is carried out once, as 'this vote' (already theirs: nothing to do).
  const { signedIn } = options;
  useEffect(() => {
    const choice = heldChoice.current;
    if (signedIn === null || choice === null) return;
    heldChoice.current = null;
    setBusy(false);
    if (signedIn && latest.current.state.userVote === choice) return;
    void vote(choice);
  }, [signedIn, vote]);

  return { vote, busy };
}
